import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { MailMessage } from '../../src/contract/mail-queue'
import { ADMIN, AUDITOR, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// The operators' mail queue (decision 087): the outbox, newest first, paged by the server, for
// global administrators only; never a body or a link; "Send again" of a failed message only.

const server = useServer()
const sql = <R extends object>(text: string, params: unknown[] = []) =>
  server().running.handle.services.db.query<R>(text, params)

const SECRET_BODY = 'Set your password: https://console.test/setup?token=body-secret-4711'
const SECRET_LINK = 'https://console.test/setup?token=link-secret-4711'

/** One outbox row as the mail job would have left it; its id. */
async function row(fields: {
  delivery: string
  body?: string
  link?: string | null
  subject?: string
  attempts?: number
  last_error?: string
}) {
  const [written] = await sql<{ message_id: number }>(
    `insert into outbox (workflow, channel, recipient, subject, body, link, delivery, attempts,
       last_error, settled_at)
     values ('first_password_email', 'email', 'new.person@acme.example', $1, $2, $3, $4, $5, $6,
       case when $4 = 'pending' then null else now() end)
     returning message_id`,
    [
      fields.subject ?? 'Welcome',
      fields.body ?? 'Incident 7 at the front door.',
      fields.link ?? null,
      fields.delivery,
      fields.attempts ?? 0,
      fields.last_error ?? '',
    ],
  )
  if (!written) throw new Error('no outbox row')
  return written.message_id
}

let admin: string
beforeAll(async () => {
  // The demo mail job would settle pending rows into the mailbox under the test's feet.
  await server().running.handle.services.mailJob.tick()
  admin = await server().login(ADMIN)
})

async function page(query: string, token = admin) {
  const reply = await server().request('GET', `/org/v1/mail-queue?${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, listOf(MailMessage))
}

const resend = (id: number, token = admin) =>
  server().request('POST', `/org/v1/mail-queue/${id}/resend`, { token })

describe('the mail queue', () => {
  it('pages the outbox newest first, on the server, and narrows by state', async () => {
    const ids: number[] = []
    for (let i = 0; i < 12; i++)
      ids.push(await row({ delivery: 'sent', subject: `Paged ${String(i).padStart(2, '0')}` }))
    const first = await page('length=5&search=Paged')
    expect(first.recordsFiltered).toBe(12)
    expect(first.data.map((m) => m.message_id)).toEqual(ids.slice(-5).reverse())
    const last = await page('length=5&start=10&search=Paged')
    expect(last.data.map((m) => m.message_id)).toEqual([ids[1], ids[0]])
    expect(last.data[0]).toMatchObject({ state: 'sent', channel: 'email', attempts: 0 })
    const failed = await row({ delivery: 'failed', subject: 'Paged failed' })
    const only = await page('state=failed&search=Paged')
    expect(only.data.map((m) => m.message_id)).toEqual([failed])
  })

  it('refuses a bad state with 400 naming the field', async () => {
    const reply = await server().request('GET', '/org/v1/mail-queue?state=lost', { token: admin })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ field: 'state' })
  })

  it('is refused with 403 to an organization admin, staff and auditors, and 401 without a token', async () => {
    for (const who of [ORGADMIN, STAFF, AUDITOR]) {
      const token = await server().login(who)
      const list = await server().request('GET', '/org/v1/mail-queue', { token })
      expect(list.status, who).toBe(403)
      expect(list.body).toMatchObject({ rule: 'no_permission' })
      const failed = await row({ delivery: 'failed' })
      expect((await resend(failed, token)).status, who).toBe(403)
      const file = await server().request('GET', '/org/v1/mail-queue/export.csv', { token })
      expect(file.status, who).toBe(403)
    }
    expect((await server().request('GET', '/org/v1/mail-queue')).status).toBe(401)
  })

  it('never shows a body or a link', async () => {
    const waiting = await row({ delivery: 'pending', body: SECRET_BODY, link: SECRET_LINK })
    const listed = await page('length=50&search=new.person')
    expect(listed.data.some((m) => m.message_id === waiting)).toBe(true)
    const text = JSON.stringify(listed)
    expect(text).not.toContain('body-secret-4711')
    expect(text).not.toContain('link-secret-4711')
    for (const message of listed.data) {
      expect(message).not.toHaveProperty('body')
      expect(message).not.toHaveProperty('link')
    }
  })

  it('sends a failed message again, journaled with who did it; nothing else', async () => {
    const failed = await row({
      delivery: 'failed',
      subject: 'Sent again',
      attempts: 10,
      last_error: '421 try later',
    })
    const listed = (await page('state=failed&search=Sent again')).data[0]
    expect(listed).toMatchObject({ message_id: failed, resendable: true, attempts: 10 })
    const reply = await resend(failed)
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(shaped(reply.body, MailMessage)).toMatchObject({
      message_id: failed,
      state: 'pending',
      attempts: 0,
    })
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=mail&target_id=${failed}`,
      { token: admin },
    )
    expect(journal.status, JSON.stringify(journal.body)).toBe(200)
    const [entry] = shaped(journal.body, listOf(JournalEntry)).data
    expect(entry).toMatchObject({
      action: 'update',
      target_type: 'mail',
      target_id: failed,
      actor_email: ADMIN,
      changes: { state: ['failed', 'pending'], attempts: [10, 0] },
    })

    // Waiting now: a second "Send again" is refused, as for a sent or mailbox message.
    for (const id of [
      failed,
      await row({ delivery: 'sent' }),
      await row({ delivery: 'mailbox' }),
    ]) {
      const again = await resend(id)
      expect(again.status, String(id)).toBe(409)
      expect(again.body).toMatchObject({ field: 'state', params: { why: 'not_failed' } })
    }
    // A failed invitation lost its link and body (decision 084): sending it again would send
    // nothing the person could use.
    const emptied = await row({ delivery: 'failed', body: '' })
    expect((await page('state=failed&length=1')).data[0]).toMatchObject({
      message_id: emptied,
      resendable: false,
    })
    const gone = await resend(emptied)
    expect(gone.status).toBe(409)
    expect(gone.body).toMatchObject({ field: 'state', params: { why: 'link_gone' } })
    expect((await resend(99_999_999)).status).toBe(404)
  })

  it('downloads as CSV as the list shows it, narrowed by state and search, without bodies or links', async () => {
    const failed = await row({
      delivery: 'failed',
      subject: '=HYPERLINK("x") CSV',
      body: SECRET_BODY,
      link: SECRET_LINK,
      attempts: 10,
      last_error: '550 no such mailbox',
    })
    const reply = await server().request(
      'GET',
      '/org/v1/mail-queue/export.csv?state=failed&search=CSV',
      { token: admin, headers: { 'accept-language': 'de' } },
    )
    expect(reply.status, String(reply.body)).toBe(200)
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="mail-queue-\d{8}-\d{6}\.csv"$/,
    )
    const text = String(reply.body)
    expect(text).not.toContain('body-secret-4711')
    expect(text).not.toContain('link-secret-4711')
    const [header, ...rows]: string[][] = parse(text, { bom: true })
    expect(header).toEqual([
      'Nachrichten-ID',
      'Erstellt',
      'Anlass',
      'Kanal',
      'Empfänger',
      'Betreff',
      'Stand',
      'Versuche',
      'Nächster Versuch',
      'Erledigt',
      'Fehler',
    ])
    expect(rows).toHaveLength(1)
    const [cells] = rows
    expect(cells?.[0]).toBe(String(failed))
    // The kind and state in the reader's words; a subject that reads as a formula is defused.
    expect(cells?.slice(2, 8)).toEqual([
      'Einladung per E-Mail',
      'E-Mail',
      'new.person@acme.example',
      `'=HYPERLINK("x") CSV`,
      'Fehlgeschlagen',
      '10',
    ])
    expect(cells?.[10]).toBe('550 no such mailbox')

    const bad = await server().request('GET', '/org/v1/mail-queue/export.csv?state=lost', {
      token: admin,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ field: 'state' })
  })
})
