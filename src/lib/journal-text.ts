import type { JournalEntry, JournalTargetType } from '../contract/journal'
import { pathTo } from '../contract/pages'

// A journal row's changes in words: the screen's row view lists them field by field, an entity's
// History section in one short line. Values are whatever the server stored (docs/journal.md), so
// each kind is written the way a reader expects: moments in their clock, lists joined, nothing as —.

export interface ValueWords {
  /** Formats an ISO moment for the reader. */
  time: (iso: string) => string
  yes: string
  no: string
  /** An object value in words (a credential's repetition), or null to show it as stored. */
  object?: (value: object) => string | null
}

export interface ChangeLine {
  field: string
  before: string
  after: string
}

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

export const NOTHING = '—'

export function valueText(value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return NOTHING
  if (typeof value === 'boolean') return value ? words.yes : words.no
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string')
    return MOMENT.test(value) && !Number.isNaN(Date.parse(value)) ? words.time(value) : value
  if (Array.isArray(value))
    return value.length === 0 ? NOTHING : value.map((item) => valueText(item, words)).join(', ')
  return (typeof value === 'object' ? words.object?.(value) : null) ?? JSON.stringify(value)
}

/** Each changed field with its value before and after, in the order the server wrote them. */
export function changeLines(changes: JournalEntry['changes'], words: ValueWords): ChangeLine[] {
  return Object.entries(changes).map(([field, [before, after]]) => ({
    field,
    before: valueText(before, words),
    after: valueText(after, words),
  }))
}

/**
 * The first `max` changes as "field: before → after", joined; `more` words the rest's count. A
 * create or a delete shows only the side that exists.
 */
export function changeSummary(
  lines: readonly ChangeLine[],
  label: (field: string) => string,
  more: (count: number) => string,
  max = 3,
): string {
  const shown = lines.slice(0, max).map(({ field, before, after }) => {
    if (before === NOTHING) return `${label(field)}: ${after}`
    if (after === NOTHING) return `${label(field)}: ${before} → ${NOTHING}`
    return `${label(field)}: ${before} → ${after}`
  })
  const rest = lines.length - shown.length
  return [...shown, ...(rest > 0 ? [more(rest)] : [])].join('; ')
}

/**
 * The page that shows a journal row's target, built from the route table's paths; null for what
 * has no page of its own (floors, rooms and doors are shown on their location's page, a session
 * is a sign-in) or no id (an upload).
 */
export function targetPath(type: JournalTargetType, id: number | null): string | null {
  if (id === null) return null
  switch (type) {
    case 'organization':
      return pathTo('organizations-edit', { id })
    case 'user':
      return pathTo('users-view', { id })
    case 'location':
      return pathTo('locations-view', { id })
    case 'device':
    case 'device_mode':
      return pathTo('devices-view', { id })
    case 'credential':
      return pathTo('credentials-edit', { id })
    case 'lockdown':
      return pathTo('lockdowns-view', { id })
    case 'group':
      return pathTo('groups-view', { id })
    case 'schedule':
      return pathTo('schedules-view', { id })
    case 'calendar':
      return pathTo('calendars-view', { id })
    case 'access_rule':
      return pathTo('rules-view', { id })
    case 'floor':
    case 'room':
    case 'door':
    case 'session':
    case 'group_member':
    case 'person_pin':
    case 'door_mode':
    case 'door_override':
    case 'snow_day':
    case 'alert_rule':
    case 'incident':
    case 'webhook':
    case 'mail':
      return null
  }
}
