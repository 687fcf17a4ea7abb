import {
  array,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  min,
  object,
  optional,
  refine,
  unknown,
  type Infer,
  type Struct,
} from './struct'
import { optionalText } from './fields'

export const DEFAULT_PAGE_START = 0
export const DEFAULT_PAGE_LENGTH = 15
export const MAX_PAGE_LENGTH = 500

export const OrderDirection = enums(['asc', 'desc'])
export type OrderDirection = Infer<typeof OrderDirection>

// Query strings arrive as text; a number from the console passes unchanged, anything else is left
// for the struct to refuse. The coercers take any value and look at its type themselves: a
// condition struct (superstruct's `is`) builds a StructError, stack and all, for every value it
// does not match, such as an absent `upto`, ≈ 0.1 ms of every list request's check.
const toInt = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v
const Anything = unknown()

export const PageStart = coerce(
  refine(integer(), 'start', (n) => n >= 0 || 'start must be 0 or more'),
  Anything,
  toInt,
)

/** A count in a query string (`upto=1500`): 0 or more. */
export const QueryCount = coerce(
  refine(integer(), 'count', (n) => n >= 0 || 'must be 0 or more'),
  Anything,
  toInt,
)

// `length` above the cap is clamped rather than refused: a client asking for "everything" still gets
// a valid page, and recordsFiltered tells it there is more.
export const PageLength = coerce(
  refine(integer(), 'length', (n) => n >= 1 || 'length must be at least 1'),
  Anything,
  (v) => {
    const n = toInt(v)
    return typeof n === 'number' ? Math.min(n, MAX_PAGE_LENGTH) : n
  },
)

/** The list query (requirements R7.3, R7.12) with one resource's sortable columns. */
export function listQuery<K extends string>(
  sortKeys: readonly K[],
  defaultOrderBy: K,
  defaultDirection: OrderDirection = 'desc',
) {
  return object({
    start: defaulted(PageStart, DEFAULT_PAGE_START),
    length: defaulted(PageLength, DEFAULT_PAGE_LENGTH),
    order_by: defaulted(enums(sortKeys), defaultOrderBy),
    order_direction: defaulted(OrderDirection, defaultDirection),
    search: defaulted(optionalText(200), ''),
  })
}

export type ListQuery<K extends string = string> = {
  start: number
  length: number
  order_by: K
  order_direction: OrderDirection
  search: string
}

const Count = min(integer(), 0)

/**
 * `recordsFilteredCapped: true` means counting stopped: there are more than `recordsFiltered`
 * matches, and pages reach only the first `recordsFiltered` (a client shows "more than N"). Only
 * the audit log's searches cap their count (AUDIT_COUNT_CAP in contract/audits.ts).
 */
export function listOf<T, S>(item: Struct<T, S>) {
  return object({
    data: array(item),
    recordsTotal: Count,
    recordsFiltered: Count,
    recordsFilteredCapped: optional(literal(true)),
  })
}

export type ListResponse<T> = {
  data: T[]
  recordsTotal: number
  recordsFiltered: number
  recordsFilteredCapped?: true
}

/**
 * Where a list's rows come from: the query key and the fetch that fills it, defined together in
 * api/<resource>.ts and read by the DataTable, the dashboard and the palette.
 */
export interface ListSource<TRow, TSort extends string> {
  queryKey: (query: ListQuery<TSort>) => readonly unknown[]
  fetch: (query: ListQuery<TSort>, signal: AbortSignal) => Promise<ListResponse<TRow>>
  /** The answer for `query` if it is already in hand (a boot's early request); taken once. */
  peek?: (query: ListQuery<TSort>) => ListResponse<TRow> | undefined
}
