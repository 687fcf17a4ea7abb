import type { Queryable } from './database'

/**
 * Columns whose values migration 006 counts per scope, value and block of 1024 audit_ids. The
 * rank of a row in (column, audit_id) order, or in audit_id order among rows with some values, is
 * then a sum over at most a few thousand count rows plus a walk of at most one block.
 */
export type RankedColumn = 'user_id' | 'device_name' | 'command' | 'result' | 'actor_email'

const BLOCK_BITS = 10

/** Where the rows come from: every organization (scope 0) or one. */
export interface AuditScope {
  organizationId: number | null
}

const scopeId = (s: AuditScope) => s.organizationId ?? 0

/**
 * The scope's condition on device_audits, its parameter at `$n` (null for every organization): each
 * query is planned with its values, so the condition folds away or selects the per-organization index.
 */
const inScope = (n: number) => `($${n}::int is null or organization_id = $${n}::int)`
const scopeParams = (s: AuditScope) => [s.organizationId]

/** The column as SQL compares it with a counted value (user_id is counted zero-padded). */
const asColumn = (col: RankedColumn, placeholder: string) =>
  col === 'user_id' ? `${placeholder}::int` : `${placeholder}::text`

export interface Seek {
  value: string
  auditId: number
}

/**
 * The row at 0-based rank `k` in (col, audit_id) ascending order within the scope, counting only
 * rows whose value is in `values` when given; null past the end.
 */
export async function rowAtInColumnOrder(
  q: Queryable,
  scope: AuditScope,
  col: RankedColumn,
  k: number,
  values: readonly string[] | null,
): Promise<Seek | null> {
  const [hit] = await q.query<{ value: string; block: number; k: number }>(
    `with g as (
       select value, n, sum(n) over (order by value rows unbounded preceding) - n as before
       from audit_value_counts
       where scope_id = $1 and col = $2 and ($4::text[] is null or value = any($4::text[]))
     ), hit as (
       select value, $3::int - before as k from g where before <= $3 and before + n > $3 limit 1
     ), b as (
       select b.block, b.n, sum(b.n) over (order by b.block rows unbounded preceding) - b.n as before
       from audit_value_blocks b join hit on b.value = hit.value
       where b.scope_id = $1 and b.col = $2
     )
     select hit.value, b.block, (hit.k - b.before)::int as k
     from hit join b on b.before <= hit.k and b.before + b.n > hit.k limit 1`,
    [scopeId(scope), col, k, values],
  )
  if (!hit) return null
  const [row] = await q.query<{ audit_id: number }>(
    `select audit_id from device_audits
     where ${inScope(1)} and ${col} = ${asColumn(col, '$2')}
       and audit_id >= $3 and audit_id < $4
     order by audit_id offset $5 limit 1`,
    [
      ...scopeParams(scope),
      col === 'user_id' ? Number(hit.value) : hit.value,
      hit.block << BLOCK_BITS,
      (hit.block + 1) << BLOCK_BITS,
      hit.k,
    ],
  )
  return row ? { value: hit.value, auditId: row.audit_id } : null
}

/** The audit_id at 0-based rank `k` in audit_id order among the scope's rows with col in `values`. */
export async function idAtInIdOrder(
  q: Queryable,
  scope: AuditScope,
  col: RankedColumn,
  k: number,
  values: readonly string[],
): Promise<number | null> {
  const [hit] = await q.query<{ block: number; k: number }>(
    `with b as (
       select block, sum(n)::int as n from audit_value_blocks
       where scope_id = $1 and col = $2 and value = any($4::text[]) group by block
     ), c as (
       select block, n, sum(n) over (order by block rows unbounded preceding) - n as before from b
     )
     select block, ($3::int - before)::int as k from c where before <= $3 and before + n > $3 limit 1`,
    [scopeId(scope), col, k, values],
  )
  if (!hit) return null
  const [row] = await q.query<{ audit_id: number }>(
    `select audit_id from device_audits
     where ${inScope(1)} and ${col} = any($2::text[]) and audit_id >= $3 and audit_id < $4
     order by audit_id offset $5 limit 1`,
    [...scopeParams(scope), values, hit.block << BLOCK_BITS, (hit.block + 1) << BLOCK_BITS, hit.k],
  )
  return row?.audit_id ?? null
}

/** `length` rows in (col, audit_id) ascending order from `from` on, all values or only `values`. */
export async function pageInColumnOrder<R extends object>(
  q: Queryable,
  select: string,
  scope: AuditScope,
  col: RankedColumn,
  from: Seek,
  length: number,
  values: readonly string[] | null,
): Promise<R[]> {
  const params = [...scopeParams(scope), col === 'user_id' ? Number(from.value) : from.value]
  if (values === null) {
    return q.query<R>(
      `select ${select} from device_audits
       where ${inScope(1)} and (${col}, audit_id) >= (${asColumn(col, '$2')}, $3::int)
       order by ${col}, audit_id limit ${length}`,
      [...params, from.auditId],
    )
  }
  // One short index read per value: the values between matches are never walked.
  return q.query<R>(
    `select p.* from unnest($4::text[]) v(value) cross join lateral (
       select ${select} from device_audits
       where ${inScope(1)} and ${col} = v.value
         and (v.value > $2::text or audit_id >= $3::int)
       order by audit_id limit ${length}
     ) p
     where v.value >= $2::text
     order by p.${col}, p.audit_id limit ${length}`,
    [...params, from.auditId, values],
  )
}

/** `length` rows in audit_id ascending order from `fromId` on, among rows with col in `values`. */
export async function pageInIdOrder<R extends object>(
  q: Queryable,
  select: string,
  scope: AuditScope,
  col: RankedColumn,
  fromId: number,
  length: number,
  values: readonly string[],
): Promise<R[]> {
  return q.query<R>(
    `select p.* from unnest($2::text[]) v(value) cross join lateral (
       select ${select} from device_audits
       where ${inScope(1)} and ${col} = v.value and audit_id >= $3::int
       order by audit_id limit ${length}
     ) p
     order by p.audit_id limit ${length}`,
    [...scopeParams(scope), values, fromId],
  )
}

export interface ValueMatch {
  col: RankedColumn
  value: string
  n: number
}

/** The counted values of `cols` in the scope whose lower case contains the pattern's term. */
export function matchingValues(
  q: Queryable,
  scope: AuditScope,
  cols: readonly RankedColumn[],
  likePattern: string,
): Promise<ValueMatch[]> {
  return q.query<ValueMatch>(
    `select col, value, n from audit_value_counts
     where scope_id = $1 and col = any($2::text[]) and n > 0 and lower(value) like $3
     order by col, value`,
    [scopeId(scope), cols, likePattern],
  )
}
