import type { Context } from 'hono'
import { MAIL_QUEUE_PATH, mailQueueExportPath } from '../../src/contract/api-paths'
import { needs } from '../../src/contract/permissions'
import {
  MailQueueQuery,
  mailSortKeys,
  mailWorkflows,
  type MailMessage,
  type MailResendRefusal,
} from '../../src/contract/mail-queue'
import type { App, AppEnv, Services } from '../context'
import { writeJournal } from '../db/journal'
import { conflict, forbidden, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { csvResponse, type CsvColumn } from '../http/csv-export'
import { listPage, type ListSpec } from '../http/list'
import { requireScope } from '../http/scope'
import { idParam, query } from '../http/validate'
import { column, freshCheckForLarge, wordOf } from './exports'

// The mail queue for operators (decision 087): the outbox of decision 084, newest first, and
// "Send again" of a failed message. Outbox rows belong to no organization (an incident's mail, a
// reset asked for by address), so only who holds organizations:update everywhere (decision 077's
// guard of server-wide settings) sees them; an organization's admin is refused with 403.

/**
 * What the list shows of a row: never `body` or `link`, which carry invitation and reset secrets.
 * `resendable` says whether the body is still there to send: a failed row whose body held its link
 * lost both (the mail job's record).
 */
const mailSelect = `o.message_id, o.created_at, o.workflow, o.channel, o.recipient, o.subject,
  o.delivery as state, o.attempts, o.next_attempt_at, o.last_error, o.settled_at,
  (o.delivery = 'failed' and o.body <> '') as resendable`

type MailSort = (typeof mailSortKeys)[number]

/** The caller holds organizations:update for every organization, else 403. */
function requireGlobalAdmin(c: Context<AppEnv>) {
  const needed = needs('organizations', 'update')
  if (requireScope(c.get('principal'), 'organizations', 'update') !== 'all')
    throw forbidden(needed.filter((permission) => !permission.endsWith(':org')))
}

export function registerMailQueue(app: App, s: Services) {
  app.get(MAIL_QUEUE_PATH, async (c) => {
    requireGlobalAdmin(c)
    const request = query(c, MailQueueQuery)
    return c.json(await listPage<MailSort, MailMessage>(s.db, mailListSpec(request), request))
  })

  // The queue as the page shows it, sort, search and state filter alike, streamed as the lists'
  // exports are; as the list, never a body or a link.
  app.get(mailQueueExportPath, async (c) => {
    requireGlobalAdmin(c)
    const request = query(c, MailQueueQuery)
    const spec = mailListSpec(request)
    await freshCheckForLarge(c, s, spec, request.search)
    return csvResponse(c, s, { what: 'mail-queue', spec, query: request, columns: mailCsvColumns })
  })

  app.post(`${MAIL_QUEUE_PATH}/:id/resend`, async (c) => {
    requireGlobalAdmin(c)
    const id = idParam(c)
    const now = s.clock.now().toISOString()
    const refused = (why: MailResendRefusal, message: string) =>
      conflict(message, 'state', 'conflict', { why })
    const after = await s.db.tx(async (q) => {
      const [before] = await q.query<MailMessage>(
        `select ${mailSelect} from outbox o where o.message_id = $1 for update`,
        [id],
      )
      if (!before) throw notFound('Message')
      if (before.state !== 'failed')
        throw refused('not_failed', 'Only a failed message is sent again.')
      if (!before.resendable)
        throw refused('link_gone', 'Its link is gone: send a new invitation or reset instead.')
      // Waiting again, due now, with the retries started over (the webhooks' "Send again").
      const [row] = await q.query<MailMessage>(
        `update outbox o set delivery = 'pending', attempts = 0, next_attempt_at = $2,
           settled_at = null, claimed_by = null, lease_until = null
         where o.message_id = $1
         returning ${mailSelect}`,
        [id, now],
      )
      if (!row) throw notFound('Message')
      await writeJournal(q, journalSource(c), {
        organizationId: null,
        action: 'update',
        targetType: 'mail',
        targetId: id,
        targetName: before.subject,
        changes: {
          state: [before.state, row.state],
          attempts: [before.attempts, row.attempts],
        },
      })
      return row
    })
    s.mailJob.wake()
    return c.json(after, 202)
  })
}

/** The outbox, narrowed by the list's state filter. */
function mailListSpec(request: MailQueueQuery): ListSpec<MailSort> {
  const where: string[] = []
  const params: unknown[] = []
  if (request.state !== undefined) {
    params.push(request.state)
    where.push(`o.delivery = $${params.length}`)
  }
  return {
    select: mailSelect,
    from: 'outbox o',
    where,
    params,
    searchColumns: ['o.recipient', 'o.subject', 'o.workflow'],
    sortColumns: { created_at: 'o.message_id' },
    tiebreak: 'o.message_id',
  }
}

const workflowWord = wordOf((LL) => LL.mailQueue.workflows)
const channelWord = wordOf((LL) => LL.mailQueue.channels)
const stateWord = wordOf((LL) => LL.mailQueue.states)

/** The queue's file: what the page shows of each message, its kind as words the screen uses. */
const mailCsvColumns: CsvColumn<MailMessage>[] = [
  column('mail_message_id', (m) => m.message_id),
  column('created_at', (m) => m.created_at),
  column('workflow', (m, LL) => {
    // A kind this console does not know is written as the server stored it, as the page shows it.
    const known = mailWorkflows.find((w) => w === m.workflow)
    return known === undefined ? m.workflow : workflowWord(LL, known)
  }),
  column('channel', (m, LL) => channelWord(LL, m.channel === 'sms' ? 'sms' : 'email')),
  column('recipient', (m) => m.recipient),
  column('subject', (m) => m.subject),
  column('mail_state', (m, LL) => stateWord(LL, m.state)),
  column('attempts', (m) => m.attempts),
  column('next_attempt_at', (m) => m.next_attempt_at),
  column('settled_at', (m) => m.settled_at),
  column('error', (m) => m.last_error),
]
