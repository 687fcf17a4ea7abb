import {
  journalAboutTypes,
  journalActions,
  journalTargetTypes,
  type JournalAboutType,
  type JournalAction,
  type journalSortKeys,
  type JournalTargetType,
} from './journal'
import type { ListViewDefaults } from './list-view'
import { listParams, pathTo } from './pages'

export type JournalSort = (typeof journalSortKeys)[number]

/** /journal newest first; time order is id order, so "When" sorts by `journal_id`. */
export const journalListDefaults: ListViewDefaults<JournalSort> = {
  orderBy: 'journal_id',
  orderDirection: 'desc',
  sortable: ['journal_id'],
}

// The journal's filters live in the URL beside its sort and search, so a reload, Back and a shared
// link (an entity's "Show all in the journal") show the same narrowed list.
export const journalFilterParams = {
  action: 'action',
  targetType: 'type',
  targetId: 'target',
  actor: 'actor',
  from: 'from',
  to: 'to',
  about: 'about',
} as const

export type JournalFilterName = keyof typeof journalFilterParams

export interface JournalFilters {
  action: JournalAction | null
  targetType: JournalTargetType | null
  targetId: number | null
  actor: number | null
  /** ISO 8601 instants with a zone: `from` inclusive, `to` exclusive. */
  from: string | null
  to: string | null
  /** A user, door or device with what hangs on it (its credentials, its devices): `about=user:16`. */
  about: JournalAbout | null
}

export interface JournalAbout {
  type: JournalAboutType
  id: number
}

const ABOUT = /^([a-z]+):([1-9]\d{0,9})$/

function parseAbout(value: string): JournalAbout | undefined {
  const [, kind, id] = ABOUT.exec(value) ?? []
  const type = journalAboutTypes.find((t) => t === kind)
  return type === undefined || id === undefined ? undefined : { type, id: Number(id) }
}

export const noJournalFilters: JournalFilters = {
  action: null,
  targetType: null,
  targetId: null,
  actor: null,
  from: null,
  to: null,
  about: null,
}

/** A URL value that is not a filter the journal knows; the screen names it and ignores it. */
export interface FilterProblem {
  name: JournalFilterName
  value: string
  /** `invalid`: not a value of this filter; `range`: `to` is not after `from`. */
  kind: 'invalid' | 'range'
}

const ID = /^[1-9]\d{0,9}$/
// The server's own rule is stricter (contract/fields.ts IsoDateTime); this keeps a URL that
// would only earn a 400 from ever being sent, and leaves the exact check to the server.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

const parsers: { [K in JournalFilterName]: (value: string) => JournalFilters[K] | undefined } = {
  action: (value) => journalActions.find((action) => action === value),
  targetType: (value) => journalTargetTypes.find((type) => type === value),
  targetId: (value) => (ID.test(value) ? Number(value) : undefined),
  actor: (value) => (ID.test(value) ? Number(value) : undefined),
  from: (value) => (INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined),
  to: (value) => (INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined),
  about: parseAbout,
}

const names = Object.keys(journalFilterParams) as JournalFilterName[]

/** The filters in `search`, and what in it could not be read (that filter is then left out). */
export function parseJournalFilters(search: string): {
  filters: JournalFilters
  problems: FilterProblem[]
} {
  const params = new URLSearchParams(search)
  const filters: Record<JournalFilterName, unknown> = { ...noJournalFilters }
  const problems: FilterProblem[] = []
  for (const name of names) {
    const value = params.get(journalFilterParams[name])
    if (value === null || value === '') continue
    const parsed = parsers[name](value)
    if (parsed === undefined) problems.push({ name, value, kind: 'invalid' })
    else filters[name] = parsed
  }
  const read = filters as JournalFilters
  if (read.from !== null && read.to !== null && Date.parse(read.to) <= Date.parse(read.from)) {
    problems.push({ name: 'to', value: read.to, kind: 'range' })
    read.to = null
  }
  return { filters: read, problems }
}

/** The query string with `filters` set, other parameters kept, and the list back at its top. */
export function formatJournalFilters(search: string, filters: JournalFilters): string {
  const params = new URLSearchParams(search)
  params.delete(listParams.row)
  for (const name of names) {
    const value = filters[name]
    if (value === null) params.delete(journalFilterParams[name])
    else
      params.set(
        journalFilterParams[name],
        typeof value === 'object' ? `${value.type}:${value.id}` : String(value),
      )
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

export function hasJournalFilters(filters: JournalFilters): boolean {
  return names.some((name) => filters[name] !== null)
}

/** What GET /org/v1/journal is asked for, beside the list parameters. */
export function journalServerFilters(filters: JournalFilters) {
  const { action, targetType, targetId, actor, from, to, about } = filters
  return {
    ...(about === null ? {} : { about_type: about.type, about_id: about.id }),
    ...(action === null ? {} : { action }),
    ...(targetType === null ? {} : { target_type: targetType }),
    ...(targetId === null ? {} : { target_id: targetId }),
    ...(actor === null ? {} : { actor_id: actor }),
    ...(from === null ? {} : { from }),
    ...(to === null ? {} : { to }),
  }
}
export type JournalServerFilters = ReturnType<typeof journalServerFilters>

/** /journal narrowed to `filters`: the route's own path with the filters' parameters. */
export function journalPath(filters: Partial<JournalFilters>): string {
  return `${pathTo('journal')}${formatJournalFilters('', { ...noJournalFilters, ...filters })}`
}
