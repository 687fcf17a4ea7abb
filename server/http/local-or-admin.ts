import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { scopeOf, type Operation, type Resource } from '../../src/contract/permissions'
import { authenticate } from '../auth/principal'
import { isLoopback } from '../config'
import type { AppEnv, Services } from '../context'
import { HttpError } from './errors'

/** Whether the TCP peer is this machine. A forwarded-for header is anyone's to forge. */
export const fromThisMachine = (c: Context<AppEnv>): boolean =>
  isLoopback(getConnInfo(c).remote.address)

/**
 * The demo's own doors (/dev/outbox, a device's simulated report): a connection from this machine,
 * or a signed-in caller holding `resource`:`operation` for every organization; else 403 with
 * `refusal`. Never a stranger on the network.
 */
export async function ensureLocalOrAdmin(
  c: Context<AppEnv>,
  s: Services,
  [resource, operation]: [Resource, Operation],
  refusal: string,
): Promise<void> {
  if (fromThisMachine(c)) return
  if (c.req.header('authorization')) {
    const { principal: caller } = await authenticate(s, c.req.header('authorization'))
    if (scopeOf(caller.permissions, resource, operation) === 'all') return
  }
  throw new HttpError(403, 'forbidden', refusal)
}
