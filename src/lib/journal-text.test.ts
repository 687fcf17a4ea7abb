import { describe, expect, it } from 'vitest'
import { changeLines, changeSummary, NOTHING, targetPath, valueText } from './journal-text'

const words = { time: (iso: string) => `<${iso.slice(0, 10)}>`, yes: 'yes', no: 'no' }

describe('valueText', () => {
  it('writes each kind of stored value for a reader', () => {
    expect(valueText(null, words)).toBe(NOTHING)
    expect(valueText('', words)).toBe(NOTHING)
    expect(valueText(true, words)).toBe('yes')
    expect(valueText(false, words)).toBe('no')
    expect(valueText(42, words)).toBe('42')
    expect(valueText('Anna', words)).toBe('Anna')
    expect(valueText('2026-11-01T08:00:00.000Z', words)).toBe('<2026-11-01>')
    expect(valueText(['admin', 'staff'], words)).toBe('admin, staff')
    expect(valueText([], words)).toBe(NOTHING)
    expect(valueText({ type: 'weekly', days: [1] }, words)).toBe('{"type":"weekly","days":[1]}')
  })
})

describe('changeLines and changeSummary', () => {
  const lines = changeLines(
    {
      first_name: ['Jonas', 'Jon'],
      end_datetime: ['2026-11-01T08:00:00Z', '2026-12-01T08:00:00Z'],
      notes: [null, 'new'],
      phone_number: ['123', null],
    },
    words,
  )

  it('lists every field as before → after', () => {
    expect(lines).toEqual([
      { field: 'first_name', before: 'Jonas', after: 'Jon' },
      { field: 'end_datetime', before: '<2026-11-01>', after: '<2026-12-01>' },
      { field: 'notes', before: NOTHING, after: 'new' },
      { field: 'phone_number', before: '123', after: NOTHING },
    ])
  })

  it('shortens to the first few and counts the rest', () => {
    const summary = changeSummary(
      lines,
      (f) => f.toUpperCase(),
      (n) => `+${n} more`,
      3,
    )
    expect(summary).toBe(
      'FIRST_NAME: Jonas → Jon; END_DATETIME: <2026-11-01> → <2026-12-01>; NOTES: new; +1 more',
    )
    expect(
      changeSummary(
        [],
        (f) => f,
        (n) => String(n),
      ),
    ).toBe('')
  })
})

describe('targetPath', () => {
  it('links targets that have a page, through the route table', () => {
    expect(targetPath('user', 3)).toBe('/users/view/3')
    expect(targetPath('credential', 5)).toBe('/credentials/edit/5')
    expect(targetPath('organization', 1)).toBe('/organizations/edit/1')
    expect(targetPath('door', 4)).toBeNull()
    expect(targetPath('location', null)).toBeNull()
  })
})
