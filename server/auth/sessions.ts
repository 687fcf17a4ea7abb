import UAParser from 'ua-parser-js'
import type { Session } from '../../src/contract/mfa'
import type { Queryable } from '../db/database'
import { endFamily } from './tokens'

// Sessions (decision 077): one per refresh-token family, with what signed in and from where.

interface SessionRow {
  session_id: string
  user_agent: string | null
  address: string | null
  first_seen: Date
  last_seen: Date
}

const named = (name: string | undefined, version: string | undefined) =>
  name === undefined ? null : version === undefined ? name : `${name} ${version.split('.')[0]}`

/** The live sessions of `userId`, the most recently seen first; `current` is the asking one. */
export async function listSessions(
  q: Queryable,
  userId: number,
  current: string | null,
): Promise<Session[]> {
  const rows = await q.query<SessionRow>(
    `select s.session_id, s.user_agent, s.address, s.first_seen, s.last_seen from sessions s
     where s.user_id = $1 and s.ended_at is null
       and exists (select 1 from refresh_tokens t where t.family_id = s.session_id
                     and t.revoked_at is null and t.family_expires_at > now())
     order by s.last_seen desc, s.session_id`,
    [userId],
  )
  return rows.map((row) => {
    const agent = new UAParser(row.user_agent ?? '')
    const browser = agent.getBrowser()
    const os = agent.getOS()
    return {
      session_id: row.session_id,
      browser: named(browser.name, browser.version),
      os: named(os.name, os.version),
      address: row.address,
      first_seen: new Date(row.first_seen).toISOString(),
      last_seen: new Date(row.last_seen).toISOString(),
      current: row.session_id === current,
    }
  })
}

/** Ends one live session of `userId`; false when it is not theirs or already over. */
export async function endSession(
  q: Queryable,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await q.query(
    'select 1 from sessions where session_id = $1 and user_id = $2 and ended_at is null for update',
    [sessionId, userId],
  )
  return row !== undefined && endFamily(q, sessionId, now)
}

/** Ends every live session of `userId` but `keep` (null: all); answers how many ended. */
export async function endSessions(
  q: Queryable,
  userId: number,
  keep: string | null,
  now: Date,
): Promise<number> {
  const live = await q.query<{ session_id: string }>(
    `select session_id from sessions where user_id = $1 and ended_at is null
       and session_id is distinct from $2 for update`,
    [userId, keep],
  )
  for (const { session_id } of live) await endFamily(q, session_id, now)
  // Tokens of families begun before sessions were kept (migration 031) end too.
  await q.query(
    `update refresh_tokens set revoked_at = now()
     where user_id = $1 and revoked_at is null and family_id is distinct from $2`,
    [userId, keep],
  )
  return live.length
}
