import { describe, expect, it } from 'vitest'
import { createMatcher, highlight, normalize } from './matcher'

const commands = [
  { id: 'nav.dashboard', text: 'Go to Dashboard' },
  { id: 'nav.organizations', text: 'Go to Organizations' },
  { id: 'nav.audits', text: 'Go to Audits', keywords: ['log', 'history'] },
  { id: 'create.organization', text: 'Create organization' },
  { id: 'theme.dark', text: 'Switch to dark theme' },
  { id: 'theme.light', text: 'Switch to light theme' },
  { id: 'lang.de', text: 'Sprache: Deutsch' },
  { id: 'street', text: 'Hauptstraße Übersicht' },
]

const ids = (query: string, limit = 10) =>
  createMatcher(commands)
    .search(query, limit)
    .results.map((result) => result.id)

describe('matcher', () => {
  it('lists everything in registry order for an empty query', () => {
    expect(ids('   ')).toEqual(commands.map((command) => command.id))
  })

  it('ranks a prefix above a word start above a substring above a fuzzy hit', () => {
    const matcher = createMatcher([
      { id: 'fuzzy', text: 'o r g' },
      { id: 'substring', text: 'xorgx' },
      { id: 'word', text: 'my org' },
      { id: 'prefix', text: 'organ' },
    ])
    expect(matcher.search('org', 10).results.map((result) => result.id)).toEqual([
      'prefix',
      'word',
      'substring',
      'fuzzy',
    ])
  })

  it('requires every word of the query, in any order', () => {
    expect(ids('theme dark')).toEqual(['theme.dark'])
    expect(ids('dark nothing')).toEqual([])
  })

  it('matches initials as a fuzzy subsequence and prefers word starts', () => {
    expect(ids('co')[0]).toBe('create.organization')
    expect(ids('gtd')[0]).toBe('nav.dashboard')
  })

  it('matches hidden keywords below the visible text, never fuzzily across them', () => {
    expect(ids('history')).toEqual(['nav.audits'])
    expect(ids('hist')).toEqual(['nav.audits'])
    expect(ids('lgh')).not.toContain('nav.audits')
  })

  it('folds accents and ß both ways', () => {
    expect(normalize('Hauptstraße Über')).toBe('hauptstrasse uber')
    expect(ids('strasse uber')).toEqual(['street'])
    expect(ids('übersicht')).toEqual(['street'])
  })

  it('returns the best `limit` and the full count', () => {
    const outcome = createMatcher(commands).search('to', 2)
    expect(outcome.results).toHaveLength(2)
    expect(outcome.total).toBeGreaterThan(2)
  })

  it('gives the same answers when narrowing incrementally as from scratch', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({
      id: String(i),
      text: `Item ${i} ${['alpha', 'beta', 'gamma', 'delta'][i % 4]}`,
    }))
    const incremental = createMatcher(items)
    for (const query of ['g', 'ga', 'gam', 'gamm', 'gamma', 'gamma 1', 'gamma 12', 'gam', 'b']) {
      expect(incremental.search(query, 1000)).toEqual(createMatcher(items).search(query, 1000))
    }
  })
})

describe('highlight', () => {
  it('marks a contiguous hit', () => {
    expect(highlight('Go to Audits', 'aud')).toEqual([[6, 9]])
  })

  it('marks the characters of a fuzzy hit', () => {
    expect(highlight('Create organization', 'co')).toEqual([
      [0, 1],
      [7, 8],
    ])
  })

  it('maps folded characters back to the original text', () => {
    expect(highlight('Straße', 'strasse')).toEqual([[0, 6]])
  })
})
