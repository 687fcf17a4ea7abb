import { PassThrough, type Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { firstRequests } from '../../src/contract/first-requests'
import { PROFILE_PATH } from '../../src/contract/api-paths'
import {
  BOOT_ANSWERS_ID,
  BOOT_TOKEN_COOKIE,
  tokenMark,
  type BootAnswers,
} from '../../src/contract/boot-answers'
import type { App } from '../context'

/** The value of cookie `name` in a `Cookie` header; null when absent. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}

/** The access token a page request carries for its first answers, if any. */
export function bootToken(cookieHeader: string | undefined): string | null {
  const token = cookieValue(cookieHeader, BOOT_TOKEN_COOKIE)
  return token === null || token === '' ? null : token
}

/**
 * The answers of a signed-in page load of `pathname` + `search` (contract/first-requests.ts), each
 * run through the app with `token` as its bearer, as the browser would send it: the same checks,
 * limits and logs. Only 200 answers are kept; anything else (an expired token, a refusal) is left
 * for the client to ask again and handle as usual. `env` is the page request's, so a request is
 * seen as coming from the same client. The profile goes first: every page needs it and it is cheap,
 * so a slow list window (a search over a large log) cannot keep it out. What has not arrived
 * within `budgetMs`, or before `cancelled` (the browser went away), is left out; a request already
 * running then finishes unused, and the client asks for it again.
 */
export async function bootAnswers(
  app: App,
  token: string,
  pathname: string,
  search: string,
  env: unknown,
  budgetMs: number,
  cancelled?: AbortSignal,
): Promise<BootAnswers> {
  const answers: Record<string, string> = {}
  let waiting = true
  const requests = firstRequests(pathname, search)
  const ordered = [PROFILE_PATH, ...requests.filter((path) => path !== PROFILE_PATH)]
  const run = async () => {
    for (const path of ordered) {
      if (!waiting) return
      const response = await app.request(
        path,
        { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } },
        env,
      )
      const text = await response.text()
      if (response.status === 200 && waiting) answers[path] = text
    }
  }
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, budgetMs)
    cancelled?.addEventListener('abort', () => resolve(), { once: true })
  })
  try {
    await Promise.race([run(), expired])
  } finally {
    waiting = false
    clearTimeout(timer)
  }
  return { for: tokenMark(token), answers: { ...answers } }
}

/**
 * The page's data block. `<` is written as `\u003c`, so no text in an answer can close the script
 * element or open a comment; JSON reads it back as the same character.
 */
export function answersBlock(answers: BootAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${BOOT_ANSWERS_ID}">${json}</script>`
}

/**
 * `html` sent as it is up to its `</body>`, then the rest with the block of `answers()` in front
 * of it: the browser fetches and compiles the page's scripts meanwhile. Compressed with `encoding`
 * as one stream, flushed after the first part.
 *
 * The answers start only when the consumer asks for the second part, that is once it has written
 * the first to the socket: started with the page, their synchronous work (token checks, queries
 * on the embedded database) held the first byte back by 10–15 ms on every signed-in load. They
 * stop sending requests when the browser goes away (`cancelled`).
 */
export function streamedPage(
  html: string,
  answers: (cancelled: AbortSignal) => Promise<BootAnswers>,
  encoding: 'br' | 'gzip' | null,
): ReadableStream<Uint8Array> {
  const at = html.lastIndexOf('</body>')
  const head = at < 0 ? html : html.slice(0, at)
  const tail = at < 0 ? '' : html.slice(at)
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : null
  const stream: Transform = compressor ?? new PassThrough()
  const output: Buffer[] = []
  stream.on('data', (chunk: Buffer) => output.push(chunk))
  const taken = () => Buffer.concat(output.splice(0))
  const ended = new Promise<void>((resolve, reject) => {
    stream.once('end', resolve)
    stream.once('error', reject)
  })
  // An error before the second part is asked for surfaces there; until then it is not unhandled.
  ended.catch(() => undefined)
  const cancelled = new AbortController()
  let headSent = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headSent) {
          headSent = true
          // Written in a later turn even when nothing compresses it, so the consumer has sent
          // the headers and waits for this part, rather than asking for the next one to measure
          // the body.
          await new Promise<void>((resolve) => {
            stream.write(head)
            if (compressor)
              compressor.flush(
                encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH,
                () => resolve(),
              )
            else setImmediate(resolve)
          })
          controller.enqueue(taken())
          return
        }
        const found = await answers(cancelled.signal).catch(() => null)
        stream.end((found ? answersBlock(found) : '') + tail)
        await ended
        controller.enqueue(taken())
        controller.close()
      },
      cancel() {
        cancelled.abort()
        stream.destroy()
      },
    },
    // Nothing is read ahead: the second part is made only when it is asked for.
    { highWaterMark: 0 },
  )
}
