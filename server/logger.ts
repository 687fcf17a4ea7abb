import { pino, type DestinationStream, type StreamEntry } from 'pino'
import pretty from 'pino-pretty'
import type { LogFormat, LogLevel } from './config'

/** What the server writes about one answered request (decision 050): never the raw URL or a body. */
export interface RequestLine {
  requestId: string
  method: string
  /** Hono's template of the route that answered (`/org/v1/users/:id`), as the metrics label it. */
  route: string
  status: number
  ms: number
  /** The signed-in caller's id; absent when the request carried no valid token. */
  userId?: number
}

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
  /** One line per answered request, at info. */
  request(line: RequestLine): void
}

/**
 * The JSON lines for stdout that one turn of the event loop wrote, written together at its end:
 * under load a turn answers many requests, and a write per line (a system call, and the line
 * turned into a Buffer) was a third of the request log's cost. Written at once when the process
 * exits; lines for stderr (warnings and errors) are never held.
 */
const held = { text: '', flushing: false }
function flushHeld() {
  held.flushing = false
  if (held.text === '') return
  const text = held.text
  held.text = ''
  process.stdout.write(text)
}
process.on('exit', flushHeld)
const heldStdout: DestinationStream = {
  write: (line: string) => {
    held.text += line
    if (held.flushing) return
    held.flushing = true
    setImmediate(flushHeld)
  },
}

/**
 * Writes through `process.stdout.write` / `process.stderr.write` on the main thread, never a
 * worker transport: the tests read the log by spying on those, and a worker would outlive a test.
 */
const sink = (stream: NodeJS.WriteStream, format: LogFormat): DestinationStream =>
  format === 'pretty'
    ? pretty({ destination: stream, colorize: stream.isTTY, singleLine: true, ignore: 'pid' })
    : stream === process.stdout
      ? heldStdout
      : { write: (line: string) => stream.write(line) }

/**
 * pino (decision 050): one JSON object per line with `level` as a word, an ISO `time` and `msg`.
 * Warnings and errors go to stderr, the rest to stdout, each line to one of them only.
 */
export function createLogger(level: LogLevel, format: LogFormat = 'json'): Logger {
  const streams: StreamEntry[] = [
    { level: 'trace', stream: sink(process.stdout, format) },
    { level: 'warn', stream: sink(process.stderr, format) },
  ]
  const log = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(streams, { dedupe: true }),
  )
  const at =
    (name: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, extra?: Record<string, unknown>) => {
      if (extra) log[name](extra, message)
      else log[name](message)
    }
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    request: (line) => log.info(line, 'request'),
  }
}
