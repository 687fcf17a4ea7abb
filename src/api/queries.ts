import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ListQuery } from '../contract/list'

// Each resource's query keys, list and detail options live beside its fetches (api/<resource>.ts):
// a key and the fetch that fills it are defined together, so two screens can never store two
// shapes under one key. Lists and details share the resource's root, so a write reaches both.

export interface ResourceKeys<TSort extends string> {
  readonly all: readonly [string]
  readonly lists: () => readonly unknown[]
  readonly list: (query: ListQuery<TSort>) => readonly unknown[]
  readonly detail: (id: number) => readonly unknown[]
}

export function resourceKeys<TSort extends string>(root: string): ResourceKeys<TSort> {
  const all = [root] as const
  return {
    all,
    lists: () => [root, 'list'],
    list: (query) => [root, 'list', query],
    detail: (id) => [root, 'detail', id],
  }
}

export interface DetailOptions<T> {
  queryKey: QueryKey
  queryFn: (context: { signal: AbortSignal }) => Promise<T>
}

export function detailOptions<T, TSort extends string>(
  keys: ResourceKeys<TSort>,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
): (id: number) => DetailOptions<T> {
  return (id) => ({ queryKey: keys.detail(id), queryFn: ({ signal }) => fetch(id, signal) })
}

export type Write = { kind: 'saved' } | { kind: 'deleted'; id: number }

/** The journal's root key (api/journal.ts): every write adds a row to it. */
export const JOURNAL_ROOT = 'journal'

/**
 * THE rule after a create, update or delete: every query under the resource's root is refetched
 * (its lists, details and counts kept there, such as the device triage), except after a delete:
 * the deleted object's own detail is dropped, or only marked stale while its page still shows it
 * (refetching it would only answer 404), and the other details, which it did not change, stay. The server journals every write in its transaction
 * (docs/journal.md), so the journal's lists and History sections are refetched as well, without
 * being waited for: what the caller does after the write (close an editor, move focus) follows
 * the resource's own refetch, as before.
 */
export async function refetchAfterWrite<TSort extends string>(
  client: Pick<QueryClient, 'invalidateQueries' | 'removeQueries'>,
  keys: ResourceKeys<TSort>,
  write: Write,
): Promise<void> {
  if (write.kind === 'deleted') {
    // The deleted object's own page, still open while the delete answers (it leaves once the
    // caller is done), keeps what it shows of it (its detail and what lies under that key, a
    // group's members), marked stale and not asked again: a dropped query under a mounted page is
    // fetched anew, answers 404 and flashed "Not found" before the page left. Shown nowhere, all
    // of it is dropped.
    const detail = { queryKey: keys.detail(write.id) }
    void client.invalidateQueries({ ...detail, refetchType: 'none' })
    client.removeQueries({ ...detail, type: 'inactive' })
    const details = keys.detail(0)[1]
    void client.invalidateQueries({ queryKey: [JOURNAL_ROOT] })
    await client.invalidateQueries({
      queryKey: keys.all,
      predicate: (query) => query.queryKey[1] !== details,
    })
    return
  }
  void client.invalidateQueries({ queryKey: [JOURNAL_ROOT] })
  await client.invalidateQueries({ queryKey: keys.all })
}
