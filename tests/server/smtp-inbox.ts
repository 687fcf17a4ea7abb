import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// A real mail server for the mail tests (decision 084): smtp-server on loopback, taking mail after
// a login with `user` and `password` for anyone but the addresses in `refused` (550, for good),
// keeping what it got in the order it got it. It can stop and start again on its port, as a mail
// server away for a while does.

export interface Received {
  to: string[]
  mail: ParsedMail
}

export interface Inbox {
  port: number
  received: Received[]
  /** Logins refused for a wrong user or password. */
  refusedLogins: number
  /** Recipients this server has no mailbox for: refused with 550. */
  refused: Set<string>
  /** How long it takes each message before answering that it has it. */
  delayMs: number
  stop(): Promise<void>
  start(): Promise<void>
}

export async function startInbox(user: string, password: string): Promise<Inbox> {
  const inbox: Inbox = {
    port: 0,
    received: [],
    refusedLogins: 0,
    refused: new Set(),
    delayMs: 0,
    stop: () => Promise.resolve(),
    start: () => Promise.resolve(),
  }
  let server: SMTPServer | null = null
  const listen = async () => {
    const smtp = new SMTPServer({
      // No TLS on loopback in a test; a login without it is allowed here only.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      // The console's pooled connections are idle between mails: cut them when stopping.
      closeTimeout: 100,
      onAuth(auth, _session, done) {
        if (auth.username === user && auth.password === password) return done(null, { user })
        inbox.refusedLogins += 1
        done(new Error('Invalid username or password'))
      },
      onRcptTo(address, _session, done) {
        if (!inbox.refused.has(address.address)) return done()
        done(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }))
      },
      onData(stream, session, done) {
        const to = session.envelope.rcptTo.map((r) => r.address)
        simpleParser(stream).then(
          (mail) => {
            inbox.received.push({ to, mail })
            setTimeout(done, inbox.delayMs)
          },
          (error: Error) => done(error),
        )
      },
    })
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject)
      smtp.listen(inbox.port, '127.0.0.1', () => resolve())
    })
    const address = smtp.server.address()
    if (address && typeof address === 'object') inbox.port = address.port
    server = smtp
  }
  inbox.stop = () =>
    new Promise<void>((resolve) => {
      const running = server
      server = null
      if (running) running.close(() => resolve())
      else resolve()
    })
  inbox.start = listen
  await listen()
  return inbox
}
