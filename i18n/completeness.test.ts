import { describe, expect, it } from 'vitest'
import de from './de'
import en from './en'

type Tree = { [key: string]: string | Tree }

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  )
}

function placeholders(text: string): string[] {
  // `{name}` arguments; `{{s}}` / `{{a|b}}` plural parts differ between languages by design.
  const args = text.replace(/\{\{[^}]*\}\}/g, '')
  return [...args.matchAll(/\{(\w+)[^}]*\}/g)].map((match) => match[1] ?? '').sort()
}

function lookup(tree: Tree, path: string): string | undefined {
  const value = path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    )
  return typeof value === 'string' ? value : undefined
}

describe('translations', () => {
  it('German has every English key, with the same placeholders, and nothing else', () => {
    const english = keys(en)
    expect(keys(de as Tree).sort()).toEqual([...english].sort())
    for (const key of english) {
      const source = lookup(en, key) ?? ''
      const target = lookup(de, key) ?? ''
      expect(target.trim(), key).not.toBe('')
      expect(placeholders(target), key).toEqual(placeholders(source))
    }
  })

  it("keeps the product's messages verbatim in English", () => {
    expect(en.errors.default_error).toBe(
      'Oops! Something went wrong. Please try again later or contact support.',
    )
    expect(en.errors.auth_error).toBe(
      'The username or password you entered is incorrect. Please check your credentials and try again.',
    )
    expect(en.errors.noAccess).toBe("Sorry, you can't view this page.")
    expect(en.errors.command_failed).toBe('Ooops, Something went wrong!')
    expect(en.validation.passwordMin).toBe('Password must be at least 8 characters.')
    expect(en.validation.emailInvalid).toBe('Please enter valid email address.')
  })
})
