import { ESLint } from 'eslint'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'

// The lint is two halves (decision 091): ESLint without types (eslint.config.js), and the rules
// that need types run by oxlint's tsgolint on TypeScript's native compiler (.oxlintrc.json). These
// cases hold the halves together: typescript-eslint's recommended typed rules, every one of them,
// in oxlint and none in ESLint, and a planted mistake that the typed half reports.

const root = process.cwd()
const ESLINT_PREFIX = '@typescript-eslint/'
const OXLINT_PREFIX = 'typescript/'

/** A rule's setting as a config writes it: a level (a word or ESLint's number), or one with options. */
type RuleEntry = string | number | [string | number, ...unknown[]]

/** The typed rules typescript-eslint's "recommended, type-checked" adds to its "recommended". */
const typedRecommended = (() => {
  const rules: Record<string, unknown> = {}
  for (const config of tseslint.configs.recommendedTypeCheckedOnly)
    Object.assign(rules, config.rules)
  return Object.keys(rules)
    .filter((name) => name.startsWith(ESLINT_PREFIX) && rules[name] !== 'off')
    .map((name) => name.slice(ESLINT_PREFIX.length))
    .sort()
})()

const oxlintConfig = (() => {
  const text = readFileSync(join(root, '.oxlintrc.json'), 'utf8')
  // TypeScript's reader of its own config files: it takes the comments the file holds.
  const parsed = ts.parseConfigFileTextToJson('.oxlintrc.json', text)
  if (parsed.error) throw new Error(ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n'))
  return parsed.config as { rules: Record<string, RuleEntry> }
})()

describe('the type-aware half of the lint', () => {
  it("runs every typed rule of typescript-eslint's recommended set, and only those", () => {
    const names = Object.keys(oxlintConfig.rules)
      .map((name) => name.replace(OXLINT_PREFIX, ''))
      .sort()
    expect(names).toEqual(typedRecommended)
    for (const entry of Object.values(oxlintConfig.rules)) {
      expect(Array.isArray(entry) ? entry[0] : entry).toBe('error')
    }
  })

  it('leaves ESLint without types: no typed rule and no TypeScript program', async () => {
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile('src/main.tsx')) as {
      rules: Record<string, RuleEntry>
      languageOptions: { parserOptions?: Record<string, unknown> }
    }
    const on = typedRecommended.filter((name) => {
      const entry = config.rules[`${ESLINT_PREFIX}${name}`]
      const level = Array.isArray(entry) ? entry[0] : entry
      return level !== undefined && level !== 'off' && level !== 0
    })
    expect(on).toEqual([])
    expect(config.languageOptions.parserOptions?.project ?? null).toBeNull()
    expect(config.languageOptions.parserOptions?.projectService ?? null).toBeNull()
  })

  describe('on a planted mistake', () => {
    const dir = mkdtempSync(join(tmpdir(), 'type-aware-lint-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    /** The rules oxlint reports on `source`, checked with this project's .oxlintrc.json. */
    function reported(source: string): string[] {
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, target: 'ES2022', lib: ['ES2023'], noEmit: true },
          include: ['*.ts'],
        }),
      )
      writeFileSync(join(dir, 'planted.ts'), source)
      let output: string
      try {
        output = execFileSync(
          resolve(root, 'node_modules/.bin/oxlint'),
          ['--type-aware', '-c', join(root, '.oxlintrc.json'), '-f', 'json'],
          {
            cwd: dir,
            encoding: 'utf8',
            env: {
              ...process.env,
              OXLINT_TSGOLINT_PATH: resolve(root, 'node_modules/.bin/tsgolint'),
            },
          },
        )
      } catch (failure) {
        // oxlint exits 1 when it reports an error: its report is still on stdout.
        output = (failure as { stdout: string }).stdout
      }
      const { diagnostics } = JSON.parse(output) as { diagnostics: { code: string }[] }
      return diagnostics.map((diagnostic) => diagnostic.code).sort()
    }

    it('reports a dropped promise, an `any` spread into typed code and a promise used as a boolean', () => {
      const codes = reported(
        [
          'async function later(): Promise<number> { return Promise.resolve(1) }',
          'export function planted(text: string): unknown {',
          '  later()',
          '  const value = JSON.parse(text)',
          "  if (later()) return 'never'",
          '  return value',
          '}',
          '',
        ].join('\n'),
      )
      expect(codes).toEqual([
        'typescript(no-floating-promises)',
        'typescript(no-misused-promises)',
        'typescript(no-unsafe-assignment)',
      ])
    })

    it('stays quiet on the same code written safely', () => {
      const codes = reported(
        [
          'async function later(): Promise<number> { return Promise.resolve(1) }',
          'export async function planted(text: string): Promise<unknown> {',
          '  await later()',
          '  const value: unknown = JSON.parse(text)',
          "  if (await later()) return 'sometimes'",
          '  return value',
          '}',
          '',
        ].join('\n'),
      )
      expect(codes).toEqual([])
    })
  })
})
