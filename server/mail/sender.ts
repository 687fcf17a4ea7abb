import nodemailer from 'nodemailer'
import type { NodemailerError } from 'nodemailer/lib/errors'
import { defaultMailFrom, type ServerOptions } from '../config'

// Where the outbox's messages go (decision 084): the port the mail job sends through, chosen once
// at start by the settings. Demo mode: the demo mailbox (the outbox row is the delivered message,
// read at /dev/outbox). Outside it, with SMTP_URL: that mail server, through nodemailer. Outside
// it without SMTP_URL: nowhere, which the server says once at start.

/** One outbox row, as the mail job hands it over. */
export interface OutgoingMail {
  messageId: number
  createdAt: Date
  channel: string
  recipient: string
  subject: string
  body: string
}

/**
 * `mailbox`, `sent`, `off`: settled. `deferred`: try again later (the mail server is away or
 * answered "not now"). `failed`: the mail server refused this message for good.
 */
export type MailOutcome =
  { outcome: 'mailbox' | 'sent' | 'off' } | { outcome: 'deferred' | 'failed'; error: string }

export interface MailSender {
  readonly kind: 'mailbox' | 'smtp' | 'off'
  /** Where mail goes, for the start line: never a user name or password. */
  readonly where: string
  deliver(mail: OutgoingMail): Promise<MailOutcome>
  close(): void
}

const mailbox: MailSender = {
  kind: 'mailbox',
  where: 'the demo mailbox (/dev/outbox)',
  deliver: () => Promise.resolve({ outcome: 'mailbox' }),
  close: () => undefined,
}

const off: MailSender = {
  kind: 'off',
  where: 'nowhere',
  deliver: () => Promise.resolve({ outcome: 'off' }),
  close: () => undefined,
}

/** A mail server's failure in words fit for the log and the row: its code and reply, no secret. */
function failureOf(error: unknown): MailOutcome {
  const e = error as NodemailerError
  // The reply starts with its code; without one, the code alone (a refused connection).
  const reply = e.response ?? (e.responseCode ? String(e.responseCode) : '')
  // ESOCKET says little alone: the socket's own code (ECONNREFUSED) says why.
  const cause = e.originalCode && e.originalCode !== e.code ? ` (${e.originalCode})` : ''
  const words = `${e.code ?? 'error'}${cause}${reply ? ` ${reply.slice(0, 200)}` : ''}`
  // Refused for good only when the server said so about this message (a 5xx to MAIL FROM, RCPT TO
  // or the data); a refused login is the settings' fault and heals when they are fixed.
  const forGood = e.permanent === true && e.code !== 'EAUTH'
  return { outcome: forGood ? 'failed' : 'deferred', error: words }
}

/** The mail server at `url` (smtp:// or smtps://, with its user and password), sending as `from`. */
export function smtpSender(url: string, from: string, hostName: string): MailSender {
  const parsed = new URL(url)
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    // A mail server that does not answer holds a delivery for seconds, not for minutes: the
    // message is tried again later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  })
  return {
    kind: 'smtp',
    where: `${parsed.protocol}//${parsed.host}`,
    deliver: async (mail) => {
      if (mail.channel !== 'email') return { outcome: 'off' }
      try {
        const info = await transport.sendMail({
          from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body,
          // The same on every attempt: a receiver that got it twice (a server killed between
          // sending and recording) can tell.
          messageId: `<outbox-${mail.messageId}-${mail.createdAt.getTime()}@${hostName}>`,
        })
        if (info.rejected.length > 0)
          return { outcome: 'failed', error: `rejected ${String(info.response)}`.slice(0, 300) }
        return { outcome: 'sent' }
      } catch (error) {
        return failureOf(error)
      }
    },
    close: () => transport.close(),
  }
}

/** The sender these settings choose. */
export function mailSenderFor(options: ServerOptions): MailSender {
  if (options.demoMode) return mailbox
  if (options.smtpUrl === null) return off
  const hostName = new URL(options.publicUrl).hostname
  return smtpSender(
    options.smtpUrl,
    options.smtpFrom ?? defaultMailFrom(options.publicUrl),
    hostName,
  )
}
