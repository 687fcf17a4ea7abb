import type { Context } from 'hono'
import { listQuery } from '../../src/contract/list'
import { NotifyRequest, type InviteNotify } from '../../src/contract/notify'
import { can, inScope, inviteNeeds, scopeOf } from '../../src/contract/permissions'
import { authenticate } from '../auth/principal'
import { createPasswordToken } from '../auth/tokens'
import type { App, AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { conflict, forbidden, notFound } from '../http/errors'
import { listPage } from '../http/list'
import { jsonBody, query } from '../http/validate'

interface Message {
  workflow: string
  channel: 'email' | 'sms'
  recipient: string
  subject: string
  body: string
  link: string
  userId: number
}

async function send(q: Queryable, s: Services, m: Message) {
  await q.query(
    `insert into outbox (workflow, channel, recipient, subject, body, link, user_id)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [m.workflow, m.channel, m.recipient, m.subject, m.body, m.link, m.userId],
  )
  // The link is a credential: only demo mode (no mail server, a person follows it) logs it.
  s.logger.info(
    `notify ${m.workflow} → ${m.recipient}`,
    s.options.demoMode ? { link: m.link } : undefined,
  )
}

async function invite(c: Context<AppEnv>, s: Services, input: InviteNotify, origin: string) {
  const caller = await authenticate(s, c.req.header('authorization'))
  if (!can(caller.permissions, inviteNeeds)) throw forbidden()
  // The broader of the two grants decides whose users the caller may invite.
  const scopes = [
    scopeOf(caller.permissions, 'users', 'create'),
    scopeOf(caller.permissions, 'users', 'update'),
  ]
  const scope = scopes.includes('all') ? 'all' : 'org'
  const [user] = await s.db.query<{
    user_id: number
    organization_id: number
    email: string
    phone_number: string | null
    first_name: string
  }>(
    'select user_id, organization_id, email, phone_number, first_name from users where user_id = $1',
    [input.user_id],
  )
  if (!user || !inScope(scope, caller.organizationId, user.organization_id)) throw notFound('User')
  const sms = input.workflow === 'first_password_sms'
  if (sms && !user.phone_number) throw conflict('This user has no phone number.', 'user_id')
  await s.db.tx(async (q) => {
    const token = await createPasswordToken(q, user.user_id, 'invite', s.options.inviteTokenTtl)
    const link = `/password-reset?token=${token}`
    await send(q, s, {
      workflow: input.workflow,
      channel: sms ? 'sms' : 'email',
      recipient: sms ? (user.phone_number ?? '') : user.email,
      subject: 'Set your password',
      body: `Hello ${user.first_name || user.email}, ${caller.email} invited you to the access console. Set your password: ${origin}${link}`,
      link,
      userId: user.user_id,
    })
  })
}

const OutboxQuery = listQuery(['message_id'] as const, 'message_id')

export function registerNotify(app: App, s: Services) {
  app.post('/notify', async (c) => {
    const input = await jsonBody(c, NotifyRequest)
    const origin = new URL(c.req.url).origin
    if (input.workflow !== 'reset_password_email') {
      await invite(c, s, input, origin)
    } else {
      // Same answer, same status, whether or not the address exists: no account enumeration.
      const [user] = await s.db.query<{ user_id: number; email: string }>(
        'select user_id, email from users where lower(email) = lower($1) and not disabled',
        [input.email],
      )
      if (user) {
        await s.db.tx(async (q) => {
          const token = await createPasswordToken(q, user.user_id, 'reset', s.options.resetTokenTtl)
          const link = `/password-reset?token=${token}`
          await send(q, s, {
            workflow: input.workflow,
            channel: 'email',
            recipient: user.email,
            subject: 'Reset your password',
            body: `Someone asked to reset the password of this account. If it was you, open ${origin}${link} within ${Math.round(s.options.resetTokenTtl / 60)} minutes. The link works once.`,
            link,
            userId: user.user_id,
          })
        })
      }
    }
    return c.json({ status: 'accepted' as const }, 202)
  })

  if (s.options.demoMode) {
    // Demo only: lets a person follow reset and invite links without a mail server.
    app.get('/dev/outbox', async (c) => {
      const q = query(c, OutboxQuery)
      return c.json(
        await listPage(
          s.db,
          {
            select:
              'message_id, created_at, workflow, channel, recipient, subject, body, link, user_id',
            from: 'outbox',
            where: [],
            params: [],
            searchColumns: ['recipient', 'workflow'],
            sortColumns: { message_id: 'message_id' },
            tiebreak: 'message_id',
          },
          q,
        ),
      )
    })
  }
}
