import type { ServerOptions } from '../config'
import type { Db } from '../db/database'
import { createPasswordToken } from './tokens'

const SETUP_LINK_SECONDS = 3600

/**
 * A fresh install outside demo mode has no way in: the seeded administrator's password is the
 * published one, which only a demo accepts. At the first start (the seed just ran) the server
 * prints, once, a one-time link valid for an hour that sets the first administrator's password;
 * the policy then leads them through enrolling a second factor (decision 077). Printed to the
 * terminal, never to the log: the link is a secret.
 */
export async function printSetupLink(
  db: Db,
  options: ServerOptions,
  print: (line: string) => void,
): Promise<void> {
  if (options.demoMode) return
  const [admin] = await db.query<{ user_id: number; email: string }>(
    `select user_id, email from users
     where 'users:update' = any(permissions) and not disabled order by user_id limit 1`,
  )
  if (!admin) return
  const token = await db.tx((q) =>
    createPasswordToken(q, {
      userId: admin.user_id,
      purpose: 'invite',
      ttlSeconds: SETUP_LINK_SECONDS,
      channel: 'email',
      sentTo: admin.email,
    }),
  )
  print(
    `First start: set the password of ${admin.email} within 1 hour, once, at ` +
      `${options.publicUrl}/password-reset?token=${token}\n`,
  )
}
