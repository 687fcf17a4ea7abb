import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AppEnv } from '../context'
import type { JournalSource } from '../db/journal'

/**
 * The TCP peer's address. A forwarded-for header is not read: any client can write one, and a
 * proxy in front would be configuration this server does not have (docs/journal.md).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  return getConnInfo(c).remote.address ?? null
}

/**
 * Who a journal row names: the signed-in caller, or `actor` where the route has no principal
 * (sign-in, password reset), or nobody (a failed sign-in).
 */
export function journalSource(
  c: Context<AppEnv>,
  actor?: { userId: number; email: string } | null,
): JournalSource {
  const who = actor === undefined ? c.get('principal') : actor
  return {
    actorId: who?.userId ?? null,
    actorEmail: who?.email ?? null,
    clientAddress: clientAddress(c),
    // Set for every request by the request-id middleware (server/http/request-id.ts).
    requestId: c.get('requestId'),
  }
}
