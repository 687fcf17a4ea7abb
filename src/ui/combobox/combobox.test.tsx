// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../../i18n/i18n-react'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import type { PickerOption, PickerSource } from '../../lib/picker-search'
import { Combobox } from './combobox'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const people: PickerOption[] = [
  { value: '1', label: 'ada@example.com', detail: 'Ada Lovelace' },
  { value: '2', label: 'alan@example.com', detail: 'Alan Turing' },
  { value: '3', label: 'grace@example.com', detail: 'Grace Hopper' },
]
// Outside the first window: found only by its id.
const far: PickerOption = { value: '100000', label: 'user100000@bench.example' }

function peopleSource(fail = false) {
  const searched: string[] = []
  const source: PickerSource = {
    key: ['test', 'people'],
    search: (text) => {
      searched.push(text)
      if (fail) return Promise.reject(new Error('down'))
      const options = people.filter((p) => p.label.includes(text.toLowerCase()))
      return Promise.resolve({ options, total: text === '' ? 1234 : options.length })
    },
    lookup: (value) => Promise.resolve([...people, far].find((p) => p.value === value) ?? null),
  }
  return { source, searched }
}

function Form(props: { source: PickerSource; initial?: string; onCancel?: () => void }) {
  const [value, setValue] = useState(props.initial ?? '')
  return (
    <form onKeyDown={(event) => (event.key === 'Escape' ? props.onCancel?.() : undefined)}>
      <Combobox
        name="user_id"
        label="User"
        source={props.source}
        value={value}
        onChange={setValue}
      />
      <span data-testid="chosen">{value}</span>
    </form>
  )
}

function show(
  source: PickerSource,
  initial?: string,
  onCancel?: () => void,
  locale: 'en' | 'de' = 'en',
) {
  loadLocale(locale)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <TypesafeI18n locale={locale}>
      <QueryClientProvider client={client}>
        <Form source={source} initial={initial} onCancel={onCancel} />
      </QueryClientProvider>
    </TypesafeI18n>,
  )
  return screen.getByRole('combobox', { name: 'User' })
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(150))
const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name })
const chosen = () => screen.getByTestId('chosen').textContent

describe('Combobox', () => {
  it('is a closed combobox that controls its listbox', () => {
    const input = show(peopleSource().source)
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.getAttribute('aria-autocomplete')).toBe('list')
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '')
    expect(list?.getAttribute('role')).toBe('listbox')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('↓ opens on the first option, ↑ ↓ move with wrap-around, Enter picks and closes', async () => {
    const { source } = peopleSource()
    const input = show(source)
    key(input, 'ArrowDown')
    await settle()
    expect(input.getAttribute('aria-expanded')).toBe('true')
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'ada@example.comAda Lovelace',
      'alan@example.comAlan Turing',
      'grace@example.comGrace Hopper',
    ])
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
    key(input, 'ArrowUp')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id)
    key(input, 'ArrowDown')
    key(input, 'ArrowDown')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id)
    key(input, 'Enter')
    expect(chosen()).toBe('2')
    expect((input as HTMLInputElement).value).toBe('alan@example.com')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('names an option by both its lines, the e-mail and the full name', async () => {
    const input = show(peopleSource().source)
    key(input, 'ArrowDown')
    await settle()
    expect(
      screen.getByRole('option', { name: 'grace@example.com, Grace Hopper' }).textContent,
    ).toBe('grace@example.comGrace Hopper')
  })

  it('searches what is typed once typing pauses and says how many matched', async () => {
    const { source, searched } = peopleSource()
    const input = show(source)
    fireEvent.change(input, { target: { value: 'g' } })
    fireEvent.change(input, { target: { value: 'gr' } })
    await settle()
    expect(searched).toEqual(['gr'])
    expect(screen.getAllByRole('option').map((o) => o.id)).toHaveLength(1)
    expect(screen.getByRole('status').textContent).toContain('1 match')
    key(input, 'ArrowDown')
    key(input, 'Enter')
    expect(chosen()).toBe('3')
  })

  it('says when the window is not everything, when nothing matches and when the search failed', async () => {
    const input = show(peopleSource().source)
    fireEvent.click(input)
    await settle()
    expect(screen.getByRole('status').textContent).toContain(
      'The first 3 of 1,234 matches. Type more to narrow them.',
    )
    fireEvent.change(input, { target: { value: 'zed' } })
    expect(screen.getByRole('status').textContent).toContain('Searching…')
    await settle()
    expect(screen.getByRole('status').textContent).toContain('Nothing matches “zed”.')
    cleanup()
    const down = peopleSource(true)
    const failing = show(down.source)
    fireEvent.change(failing, { target: { value: 'a' } })
    await settle()
    expect(screen.getByRole('status').textContent).toContain('The search failed.')
    key(failing, 'ArrowDown')
    expect(screen.getByRole('status').textContent).toContain('Searching…')
    expect(down.searched).toEqual(['a', 'a'])
  })

  it('speaks German where the console does', async () => {
    const input = show(peopleSource().source, undefined, undefined, 'de')
    fireEvent.change(input, { target: { value: 'zed' } })
    await settle()
    expect(screen.getByRole('status').textContent).toContain('Nichts passt zu „zed“.')
  })

  it('Escape closes and restores the label; a second Escape is the form’s', async () => {
    const onCancel = vi.fn()
    const input = show(peopleSource().source, '1', onCancel)
    await settle()
    expect((input as HTMLInputElement).value).toBe('ada@example.com')
    fireEvent.change(input, { target: { value: 'gr' } })
    await settle()
    key(input, 'Escape')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect((input as HTMLInputElement).value).toBe('ada@example.com')
    expect(onCancel).not.toHaveBeenCalled()
    key(input, 'Escape')
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('shows the label of a value outside the first window, found by id', async () => {
    const input = show(peopleSource().source, '100000')
    await settle()
    expect((input as HTMLInputElement).value).toBe('user100000@bench.example')
  })

  it('picks by mouse and keeps focus in the input', async () => {
    const input = show(peopleSource().source)
    input.focus()
    fireEvent.click(input)
    await settle()
    const grace = screen.getByRole('option', { name: /grace/ })
    fireEvent.mouseMove(grace)
    expect(input.getAttribute('aria-activedescendant')).toBe(grace.id)
    fireEvent.mouseDown(grace)
    fireEvent.click(grace)
    expect(chosen()).toBe('3')
    expect(document.activeElement).toBe(input)
  })

  it('leaving with other text puts the label back; leaving it empty clears the value', async () => {
    const input = show(peopleSource().source, '1')
    await settle()
    fireEvent.change(input, { target: { value: 'gr' } })
    fireEvent.blur(input)
    expect((input as HTMLInputElement).value).toBe('ada@example.com')
    expect(chosen()).toBe('1')
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.blur(input)
    expect(chosen()).toBe('')
  })
})
