import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Principal, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { HttpError } from '../http/errors'
import { verifyAccessToken, verifyMfaToken, type AccessClaims } from './tokens'

/**
 * A user's permissions: the ones on their row, sorted and once each. Roles add nothing on top; the
 * console fills the row from a role and the admin adjusts it (docs/decisions/021).
 */
export const effectivePermissionsSql = `array(select distinct p from unnest(u.permissions) p order by p)`

// Prepared: read on every cache miss, by primary key (server/db/database.ts, Prepared).
const principalSql: Prepared = {
  name: 'principal',
  text: `select u.user_id, u.organization_id, o.name as organization_name, u.username, u.email, u.roles,
            ${effectivePermissionsSql} as permissions, u.title, u.first_name, u.last_name,
            array(select s.session_id from sessions s
                  where s.user_id = u.user_id and s.ended_at is null) as sessions
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
    sessions: string[]
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
    sessions: row.sessions,
  }
}

const unauthenticated = (code: 'unauthenticated' | 'invalid_token', message: string) =>
  new HttpError(401, code, message, undefined, { 'WWW-Authenticate': 'Bearer' })

const enrolmentRequired = () =>
  new HttpError(403, 'enrolment_required', 'Set up a second factor before anything else.')

export interface Caller {
  principal: Principal
  claims: AccessClaims
}

/**
 * The caller from the bearer token. The user's row is read at most `principalCacheMs` before (see
 * PrincipalCache for what bounds a disabled account or a removed permission); so is the list of
 * their live sessions, which the token's `sid` must be in: an ended session's tokens stop within
 * `principalCacheMs` (at once on the server that ended it, which forgets the user). A session newer
 * than the cached row reads the row again. An enrol-only token (decision 077) opens nothing here.
 */
export async function authenticate(s: Services, header: string | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!match?.[1]) throw unauthenticated('unauthenticated', 'Sign in to continue.')
  const claims = verifyAccessToken(s.jwtKey, match[1])
  if (claims === null) {
    if (verifyMfaToken(s.jwtKey, match[1])?.purpose === 'enrol') throw enrolmentRequired()
    throw unauthenticated('invalid_token', 'The access token is invalid or has expired.')
  }
  const { userId, epoch, sid } = claims
  const load = () => loadPrincipal(s.db, userId, epoch)
  let principal = await s.principals.get(userId, epoch, load)
  if (principal !== null && !principal.sessions.includes(sid)) {
    s.principals.forget(userId)
    principal = await s.principals.get(userId, epoch, load)
  }
  if (!principal?.sessions.includes(sid))
    throw unauthenticated('invalid_token', 'The session has ended. Sign in again.')
  return { principal, claims }
}

/**
 * The caller of each incoming HTTP request, by the request's `env` (an object the Node adapter
 * makes for every request) and its Authorization header. Requests the server runs inside one
 * incoming request with its env share the caller: the first answers a signed-in page carries
 * (server/http/boot-answers.ts) check the token and read the user once per page, not once per
 * answer.
 */
const callers = new WeakMap<object, { header: string | undefined; caller: Promise<Caller> }>()

function callerOf(s: Services, env: unknown, header: string | undefined): Promise<Caller> {
  if (typeof env !== 'object' || env === null) return authenticate(s, header)
  const known = callers.get(env)
  if (known !== undefined && known.header === header) return known.caller
  const caller = authenticate(s, header)
  callers.set(env, { header, caller })
  return caller
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
      const { principal, claims } = await callerOf(s, env, c.req.header('authorization'))
      c.set('principal', principal)
      c.set('claims', claims)
    }
    await next()
  }
}
