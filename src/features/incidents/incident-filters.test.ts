import { describe, expect, it } from 'vitest'
import {
  formatIncidentFilters,
  hasIncidentFilters,
  incidentServerFilters,
  noIncidentFilters,
  parseIncidentFilters,
} from './incident-filters'

describe('incident filters in the URL', () => {
  it('reads the state, severity and place it knows and ignores the rest', () => {
    expect(parseIncidentFilters('?state=open&severity=critical&place=12')).toEqual({
      state: 'open',
      severity: 'critical',
      place: 12,
    })
    expect(parseIncidentFilters('?state=closed&severity=loud&place=-1')).toEqual(noIncidentFilters)
    expect(parseIncidentFilters('?place=0')).toEqual(noIncidentFilters)
  })

  it('writes them beside the sort and search, and starts the list at its top', () => {
    const search = '?sort=first_seen&q=door&row=7&state=open'
    const next = formatIncidentFilters(search, { state: null, severity: 'warning', place: 3 })
    expect(next).toBe('?sort=first_seen&q=door&severity=warning&place=3')
    expect(formatIncidentFilters('?row=2', noIncidentFilters)).toBe('')
  })

  it('asks the server by its own names, only for what is set', () => {
    expect(incidentServerFilters({ state: 'acknowledged', severity: null, place: 4 })).toEqual({
      state: 'acknowledged',
      location_id: 4,
    })
    expect(incidentServerFilters(noIncidentFilters)).toEqual({})
    expect(hasIncidentFilters(noIncidentFilters)).toBe(false)
    expect(hasIncidentFilters({ ...noIncidentFilters, severity: 'info' })).toBe(true)
  })
})
