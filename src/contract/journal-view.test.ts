import { describe, expect, it } from 'vitest'
import {
  formatJournalFilters,
  hasJournalFilters,
  journalPath,
  journalServerFilters,
  noJournalFilters,
  parseJournalFilters,
} from './journal-view'

describe('parseJournalFilters', () => {
  it('reads every filter from the URL', () => {
    const { filters, problems } = parseJournalFilters(
      '?action=update&type=credential&target=7&actor=2&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00%2B01:00&about=user%3A16&q=x',
    )
    expect(problems).toEqual([])
    expect(filters).toEqual({
      action: 'update',
      targetType: 'credential',
      targetId: 7,
      actor: 2,
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-02T00:00:00+01:00',
      about: { type: 'user', id: 16 },
    })
  })

  it('names each value it cannot read and leaves that filter out', () => {
    const { filters, problems } = parseJournalFilters(
      '?action=explode&type=planet&target=0&actor=abc&from=yesterday&to=2026-13-45&about=room%3A3',
    )
    expect(filters).toEqual(noJournalFilters)
    expect(problems.map((p) => [p.name, p.value, p.kind])).toEqual([
      ['action', 'explode', 'invalid'],
      ['targetType', 'planet', 'invalid'],
      ['targetId', '0', 'invalid'],
      ['actor', 'abc', 'invalid'],
      ['from', 'yesterday', 'invalid'],
      ['to', '2026-13-45', 'invalid'],
      ['about', 'room:3', 'invalid'],
    ])
  })

  it('refuses a range whose end is not after its start', () => {
    const { filters, problems } = parseJournalFilters(
      '?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
    )
    expect(filters.from).toBe('2026-11-02T00:00:00Z')
    expect(filters.to).toBeNull()
    expect(problems).toEqual([{ name: 'to', value: '2026-11-01T00:00:00Z', kind: 'range' }])
  })

  it('ignores empty values', () => {
    expect(parseJournalFilters('?action=&target=')).toEqual({
      filters: noJournalFilters,
      problems: [],
    })
  })
})

describe('formatJournalFilters', () => {
  it('writes the filters, keeps sort and search, and drops the remembered row', () => {
    const text = formatJournalFilters('?q=anna&row=9&action=delete', {
      ...noJournalFilters,
      targetType: 'user',
      targetId: 3,
    })
    expect(text).toBe('?q=anna&type=user&target=3')
    expect(parseJournalFilters(text).filters).toMatchObject({ targetType: 'user', targetId: 3 })
  })

  it('writes nothing for no filters', () => {
    expect(formatJournalFilters('', noJournalFilters)).toBe('')
    expect(hasJournalFilters(noJournalFilters)).toBe(false)
  })
})

describe('journalServerFilters and journalPath', () => {
  it('asks the server with its parameter names', () => {
    expect(
      journalServerFilters({ ...noJournalFilters, actor: 2, targetType: 'door', targetId: 4 }),
    ).toEqual({ actor_id: 2, target_type: 'door', target_id: 4 })
  })

  it('links to the journal narrowed to a target', () => {
    expect(journalPath({ targetType: 'credential', targetId: 12 })).toBe(
      '/journal?type=credential&target=12',
    )
  })
})
