import type { Reply } from './helpers'

/** Fires `n` requests at once, so on PostgreSQL they meet in the database together. */
export function race<T = unknown>(n: number, send: (i: number) => Promise<Reply<T>>) {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)))
}

/** How many answers had each status: `{ 201: 1, 409: 19 }`. */
export function tally(replies: readonly Reply[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1
  return counts
}

/** The bodies of the answers with one status. */
export const bodiesOf = (replies: readonly Reply[], status: number) =>
  replies.filter((r) => r.status === status).map((r) => r.body)
