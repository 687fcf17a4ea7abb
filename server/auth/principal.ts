import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Principal, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { HttpError } from '../http/errors'
import { verifyAccessToken } from './tokens'

/**
 * A user's permissions: the ones on their row, sorted and once each. Roles add nothing on top; the
 * console fills the row from a role and the admin adjusts it (docs/decisions/021).
 */
export const effectivePermissionsSql = `array(select distinct p from unnest(u.permissions) p order by p)`

// Prepared: read on every cache miss, by primary key (server/db/database.ts, Prepared).
const principalSql: Prepared = {
  name: 'principal',
  text: `select u.user_id, u.organization_id, o.name as organization_name, u.username, u.email, u.roles,
            ${effectivePermissionsSql} as permissions, u.title, u.first_name, u.last_name
     from users u join organizations o using (organization_id)
     where u.user_id = $1 and u.session_epoch = $2 and not u.disabled`,
}

/** The active user behind a token of session generation `epoch`; null when disabled or reset since. */
export async function loadPrincipal(
  q: Queryable,
  userId: number,
  epoch: number,
): Promise<Principal | null> {
  const [row] = await q.query<{
    user_id: number
    organization_id: number
    organization_name: string
    username: string
    email: string
    roles: string[]
    permissions: string[]
    title: string | null
    first_name: string
    last_name: string
  }>(principalSql, [userId, epoch])
  if (!row) return null
  return {
    userId: row.user_id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    username: row.username,
    email: row.email,
    roles: row.roles,
    permissions: row.permissions,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
  }
}

const unauthenticated = (code: 'unauthenticated' | 'invalid_token', message: string) =>
  new HttpError(401, code, message, undefined, { 'WWW-Authenticate': 'Bearer' })

/**
 * The caller from the bearer token. The user's row is read at most `principalCacheMs` before (see
 * PrincipalCache for what bounds a disabled account or a removed permission).
 */
export async function authenticate(s: Services, header: string | undefined): Promise<Principal> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!match?.[1]) throw unauthenticated('unauthenticated', 'Sign in to continue.')
  const claims = verifyAccessToken(s.jwtKey, match[1])
  if (claims === null)
    throw unauthenticated('invalid_token', 'The access token is invalid or has expired.')
  const { userId, epoch } = claims
  const principal = await s.principals.get(userId, epoch, () => loadPrincipal(s.db, userId, epoch))
  if (!principal) throw unauthenticated('invalid_token', 'The session has ended. Sign in again.')
  return principal
}

/**
 * The caller of each incoming HTTP request, by the request's `env` (an object the Node adapter
 * makes for every request) and its Authorization header. Requests the server runs inside one
 * incoming request with its env share the caller: the first answers a signed-in page carries
 * (server/http/boot-answers.ts) check the token and read the user once per page, not once per
 * answer.
 */
const callers = new WeakMap<object, { header: string | undefined; principal: Promise<Principal> }>()

function callerOf(s: Services, env: unknown, header: string | undefined): Promise<Principal> {
  if (typeof env !== 'object' || env === null) return authenticate(s, header)
  const known = callers.get(env)
  if (known !== undefined && known.header === header) return known.principal
  const principal = authenticate(s, header)
  callers.set(env, { header, principal })
  return principal
}

/**
 * Every request needs a signed-in caller except the `METHOD /path` pairs listed as public and those
 * that `ownCheck` says the route authenticates itself (a keypad's secret, a demo's local caller).
 */
export function requireAuth(
  s: Services,
  publicRoutes: readonly string[] = [],
  ownCheck: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!publicRoutes.includes(`${c.req.method} ${c.req.path}`) && !ownCheck(c)) {
      const env: unknown = c.env
      c.set('principal', await callerOf(s, env, c.req.header('authorization')))
    }
    await next()
  }
}
