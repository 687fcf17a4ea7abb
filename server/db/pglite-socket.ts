import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import type { Duplex } from 'node:stream'
import type pg from 'pg'

// The wire protocol's frontend messages that only queue work (Parse, Bind, Describe, Execute,
// Close): PostgreSQL answers them at the next Sync or Flush. Held back until then, an extended
// query is one trip into PGlite's WebAssembly instead of five.
const QUEUED = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)))
const TERMINATE = 'X'.charCodeAt(0)

/** A simple Query message (the wire protocol's 'Q'): `sql` and its terminating zero. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`)
  const message = Buffer.alloc(5 + text.length)
  message.write('Q', 0)
  message.writeInt32BE(4 + text.length, 1)
  text.copy(message, 5)
  return message
}

// What PostgreSQL forgets when a session ends: an open transaction, prepared statements (pg names
// its own and re-prepares them in a new session), settings, temporary tables, cursors.
// Two messages: DISCARD ALL refuses to run inside the implicit transaction of a multi-statement query.
const NEW_SESSION = Buffer.concat([simpleQuery('ROLLBACK'), simpleQuery('DISCARD ALL')])

const ANSWER_BYTES = 64 * 1024
const ANSWER_KEPT_BYTES = 4 * 1024 * 1024

/** The PGlite instances that have had a session already: the next one must start clean. */
const hadSession = new WeakSet<PGlite>()

/**
 * PGlite as node-postgres's socket: pg writes the wire protocol's bytes into it and reads
 * PostgreSQL's bytes back out, parsing them with its own parser (pg-protocol, on Node Buffers), as
 * it does from a TCP socket. node-postgres's PGlite adapter (`createPgConfig`) had PGlite parse
 * every answer itself into message objects instead: its reader copies each value's bytes into a new
 * ArrayBuffer before decoding them, and that copy alone was 16 % of the embedded server's CPU on
 * the audit page (decision 061). Here PGlite hands over its output bytes unparsed
 * (`execProtocolRawStream`); the startup packet, which PGlite answers by itself, goes through
 * `execProtocolRaw`. A Terminate is not passed on: the PGlite instance outlives the connection
 * (server/db/database.ts closes it).
 *
 * pg calls one method at a time and waits for each answer, so one queue of trips is all the
 * ordering it needs.
 */
export class PGliteSocket extends EventEmitter {
  writable = true
  #held: Uint8Array[] = []
  #trips: Promise<void> = Promise.resolve()
  #failed = false
  /**
   * PostgreSQL's answer to the current trip, in one buffer used again by every trip: an answer
   * in new Buffers each time (external memory, freed only when the collector gets to them) grew
   * the embedded server's RSS by 135 MB during a 1,000,000-row export.
   */
  #answer = Buffer.allocUnsafe(ANSWER_BYTES)

  constructor(private readonly pglite: PGlite) {
    super()
  }

  connect(): this {
    this.#trips = this.pglite.waitReady.then(
      () => void this.emit('connect'),
      (error: unknown) => void this.emit('error', error),
    )
    return this
  }

  write(chunk: Uint8Array, callback?: (error?: Error | null) => void): boolean {
    const type = chunk[0] ?? 0
    if (type === TERMINATE || QUEUED.has(type)) {
      if (type !== TERMINATE) this.#held.push(chunk)
      if (callback) queueMicrotask(() => callback())
      return true
    }
    const message = this.#held.length === 0 ? chunk : Buffer.concat([...this.#held, chunk])
    this.#held = []
    // Once a trip has failed, every later one fails with the same error without running: pg is
    // told once ('error'), drops this client and connects a new one.
    this.#trips = this.#trips.then(() => this.#trip(message))
    this.#trips.then(
      () => callback?.(),
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error))
        callback?.(failure)
        if (this.#failed) return
        this.#failed = true
        this.emit('error', failure)
      },
    )
    return true
  }

  async #trip(message: Uint8Array) {
    // The startup packet (it has no type byte: its length's first byte is 0).
    if (message[0] === 0) {
      // PGlite's one backend outlives pg's client (one the pool dropped after an error, say): what
      // the old session left is cleared, as a new connection to PostgreSQL would find it.
      if (hadSession.has(this.pglite)) {
        await this.pglite.execProtocolRawStream(NEW_SESSION, { onRawData: () => undefined })
      }
      hadSession.add(this.pglite)
      const answer = await this.pglite.execProtocolRaw(message)
      if (answer.length > 0) this.emit('data', Buffer.from(answer))
      return
    }
    let length = 0
    await this.pglite.execProtocolRawStream(message, {
      // A view into PGlite's memory, reused by its next write: copied at once.
      onRawData: (bytes) => {
        if (length + bytes.length > this.#answer.length) {
          const larger = Buffer.allocUnsafe(
            Math.max(2 * this.#answer.length, length + bytes.length),
          )
          this.#answer.copy(larger, 0, 0, length)
          this.#answer = larger
        }
        this.#answer.set(bytes, length)
        length += bytes.length
      },
    })
    // pg parses it before emit returns and keeps no part of it: an answer is whole messages
    // (PostgreSQL ends it with ReadyForQuery), and pg turns every value into a string as it reads.
    if (length > 0) this.emit('data', this.#answer.subarray(0, length))
    // One answer far larger than the usual is not kept for the rest of the server's life.
    if (this.#answer.length > ANSWER_KEPT_BYTES) this.#answer = Buffer.allocUnsafe(ANSWER_BYTES)
  }

  end(): this {
    this.writable = false
    const closed = () => {
      this.emit('end')
      this.emit('close')
    }
    // After the trips under way, failed or not.
    void this.#trips.then(closed, closed)
    return this
  }

  destroy(): this {
    return this.end()
  }

  setNoDelay(): this {
    return this
  }

  setKeepAlive(): this {
    return this
  }

  ref(): this {
    return this
  }

  unref(): this {
    return this
  }
}

/**
 * node-postgres's pool over one PGlite instance: its socket, and one connection that is never
 * closed and reopened (idleTimeoutMillis 0), as PGlite has one backend. `types` as the server reads
 * values (server/db/database.ts).
 */
export const pglitePoolConfig = (pglite: PGlite): pg.PoolConfig => ({
  // pg drives it as it drives a net.Socket: only the members PGliteSocket has.
  stream: () => new PGliteSocket(pglite) as unknown as Duplex,
  user: 'postgres',
  database: 'postgres',
  max: 1,
  idleTimeoutMillis: 0,
})
