import type { Context } from 'hono'
import { listQuery } from '../../src/contract/list'
import { NotifyRequest, type InviteNotify } from '../../src/contract/notify'
import { authenticate } from '../auth/principal'
import { createPasswordToken } from '../auth/tokens'
import type { App, AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { conflict } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage } from '../http/list'
import { ensureLocalOrAdmin } from '../http/local-or-admin'
import { jsonBody, query } from '../http/validate'
import { ensureManageable } from './user-writes'
import { findUser } from './users'

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
  // The link is a credential and never reaches a log; in demo mode a person reads it in
  // /dev/outbox, which answers only on this machine; else the mail job sends it (decision 084).
  s.logger.info(`notify ${m.workflow} → ${m.recipient}`)
}

async function invite(c: Context<AppEnv>, s: Services, input: InviteNotify) {
  const { principal: caller } = await authenticate(s, c.req.header('authorization'))
  // A set-password link signs its reader in as that user: sending one is managing the user.
  const user = ensureManageable(caller, await findUser(s.db, input.user_id), 'invite')
  const sms = input.workflow === 'first_password_sms'
  if (sms && !user.phone_number) throw conflict('This user has no phone number.', 'user_id')
  const channel = sms ? 'sms' : 'email'
  // An invitation nothing would carry is refused, not queued and journaled as sent: a text message
  // has a way out only to the demo mailbox, an e-mail also through SMTP (decision 084).
  if (sms ? s.mailTransport !== 'mailbox' : s.mailTransport === 'off')
    throw conflict(
      sms
        ? 'This server sends no text messages: the invitation was not sent.'
        : 'This server sends no e-mail (SMTP_URL is not set): the invitation was not sent.',
      'workflow',
      'no_transport',
      { channel },
    )
  const recipient = sms ? (user.phone_number ?? '') : user.email
  await s.db.tx(async (q) => {
    const token = await createPasswordToken(q, {
      userId: user.user_id,
      purpose: 'invite',
      ttlSeconds: s.options.inviteTokenTtl,
      channel,
      sentTo: recipient,
    })
    const link = `/password-reset?token=${token}`
    await send(q, s, {
      workflow: input.workflow,
      channel,
      recipient,
      subject: 'Set your password',
      body: `Hello ${user.first_name || user.email}, ${caller.email} invited you to the access console. Set your password: ${s.options.publicUrl}${link}`,
      link,
      userId: user.user_id,
    })
    // That an invite went out and how: never its link, which signs its reader in.
    await writeJournal(q, journalSource(c, caller), {
      organizationId: user.organization_id,
      action: 'invite_sent',
      targetType: 'user',
      targetId: user.user_id,
      targetName: user.email,
      changes: { channel: [null, channel] },
    })
  })
}

/**
 * A reset link for `user`, unless the address or the account already had `resetMailLimit` of them
 * in the window (ASVS 5.0 2.4.1): the caller's answer is 202 either way, so nothing is revealed.
 * Counted from the outbox under a per-account lock, so concurrent requests and several servers
 * agree.
 */
async function resetMail(s: Services, user: { user_id: number; email: string }) {
  await s.db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(1700, $1)', [user.user_id])
    const [sent] = await q.query<{ account: number; address: number }>(
      `select
         (select count(*) from outbox where workflow = 'reset_password_email' and user_id = $1
            and created_at > now() - $3 * interval '1 second')::int as account,
         (select count(*) from outbox where workflow = 'reset_password_email'
            and lower(recipient) = lower($2)
            and created_at > now() - $3 * interval '1 second')::int as address`,
      [user.user_id, user.email, s.options.resetMailWindow],
    )
    if (!sent || Math.max(sent.account, sent.address) >= s.options.resetMailLimit) {
      s.logger.debug('reset mail limit reached', { userId: user.user_id })
      return
    }
    const token = await createPasswordToken(q, {
      userId: user.user_id,
      purpose: 'reset',
      ttlSeconds: s.options.resetTokenTtl,
      channel: 'email',
      sentTo: user.email,
    })
    const link = `/password-reset?token=${token}`
    await send(q, s, {
      workflow: 'reset_password_email',
      channel: 'email',
      recipient: user.email,
      subject: 'Reset your password',
      body: `Someone asked to reset the password of this account. If it was you, open ${s.options.publicUrl}${link} within ${Math.round(s.options.resetTokenTtl / 60)} minutes. The link works once.`,
      link,
      userId: user.user_id,
    })
  })
}

const OutboxQuery = listQuery(['message_id'] as const, 'message_id')

/**
 * The outbox holds every account's reset and invite links: it answers a connection from this
 * machine, or a signed-in administrator of all organizations, never a stranger on the network.
 */
const ensureOutboxReader = (c: Context<AppEnv>, s: Services) =>
  ensureLocalOrAdmin(
    c,
    s,
    ['users', 'update'],
    'The demo outbox answers only on this machine or to a signed-in administrator.',
  )

export function registerNotify(app: App, s: Services) {
  app.post('/notify', async (c) => {
    const input = await jsonBody(c, NotifyRequest)
    if (input.workflow !== 'reset_password_email') {
      await invite(c, s, input)
    } else {
      // Same answer, same status, whether or not the address exists: no account enumeration. An
      // address whose confirmation an admin withdrew gets no mail, and the answer is the same too
      // (decision 074): the user's page says why.
      const [user] = await s.db.query<{ user_id: number; email: string }>(
        `select user_id, email from users
         where lower(email) = lower($1) and not disabled and email_withdrawn_at is null`,
        [input.email],
      )
      if (user) await resetMail(s, user)
    }
    // Committed: the mail job sends it now rather than at its next poll.
    s.mailJob.wake()
    return c.json({ status: 'accepted' as const }, 202)
  })

  if (s.options.demoMode) {
    // Demo only: lets a person follow reset and invite links without a mail server.
    app.get('/dev/outbox', async (c) => {
      await ensureOutboxReader(c, s)
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
