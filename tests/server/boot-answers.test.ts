import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib'
import type { Transform } from 'node:stream'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { answersBlock, bootAnswers, streamedPage } from '../../server/http/boot-answers'
import { firstRequests } from '../../src/contract/first-requests'
import {
  BOOT_ANSWERS_ID,
  BOOT_TOKEN_COOKIE,
  tokenMark,
  type BootAnswers,
} from '../../src/contract/boot-answers'
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HTML } from '../../src/contract/boot-hint'
import type { App } from '../../server/context'
import { ADMIN, useServer } from './helpers'

// A signed-in page load with its first answers in it (docs/decisions/024-answers-in-the-page.md).

const page = '<!doctype html><title>console</title><body><div id="root"></div></body></html>'
const signedInPage = page.replace('<title>', '<link rel="modulepreload" href="/s.js"><title>')
const dist = mkdtempSync(join(tmpdir(), 'dist-'))
writeFileSync(join(dist, 'index.html'), page)
writeFileSync(join(dist, SIGNED_IN_HTML), signedInPage)

// What the answers carry, not how fast: a budget a loaded CI machine meets (the budget itself is
// tested below on an app that holds its answers).
const server = useServer({ distDir: dist, bootAnswersBudgetMs: 5_000 })

const WINDOW = firstRequests('/audits', '')[0]
const PROFILE = '/org/v1/users/me'

/** The page for `path` as a browser with the boot cookies (and `token`) gets it. */
async function pageWith(path: string, token: string | null, hint = true) {
  const cookies = [hint ? `${SIGNED_IN_HINT_COOKIE}=1` : 'theme=dark']
  if (token !== null) cookies.push(`${BOOT_TOKEN_COOKIE}=${token}`)
  const response = await fetch(`${server().url}${path}`, {
    headers: { cookie: cookies.join('; ') },
  })
  return { response, html: await response.text() }
}

/** The answers block of `html`, read back as the console reads it; null when there is none. */
function answersIn(html: string): BootAnswers | null {
  const match = new RegExp(
    `<script type="application/json" id="${BOOT_ANSWERS_ID}">(.*?)</script>`,
  ).exec(html)
  return match ? (JSON.parse(match[1]) as BootAnswers) : null
}

describe('a signed-in page with its first answers', () => {
  it('carries the answers the API gives the same token, and is never cached', async () => {
    const token = await server().login(ADMIN)
    const { response, html } = await pageWith('/audits', token)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    expect(html.startsWith(signedInPage.slice(0, signedInPage.indexOf('</body>')))).toBe(true)
    expect(html.endsWith('</body></html>')).toBe(true)

    const page = answersIn(html)
    expect(page?.for).toBe(tokenMark(token))
    expect(Object.keys(page?.answers ?? {}).sort()).toEqual([WINDOW, PROFILE].sort())
    for (const path of [WINDOW, PROFILE]) {
      const direct = await server().request('GET', path, { token })
      expect(JSON.parse(page?.answers[path] ?? 'null')).toEqual(direct.body)
    }
  })

  it('follows the sort and search in the page URL', async () => {
    const token = await server().login(ADMIN)
    const page = answersIn((await pageWith('/audits?sort=device_name&dir=asc&q=Lobby', token)).html)
    const window = Object.keys(page?.answers ?? {}).find((path) => path !== PROFILE)
    expect(window).toContain('order_by=device_name')
    expect(window).toContain('order_direction=asc')
    expect(window).toContain('search=Lobby')
  })

  it('carries only the profile on a screen without early data', async () => {
    const token = await server().login(ADMIN)
    const page = answersIn((await pageWith('/users', token)).html)
    expect(Object.keys(page?.answers ?? {})).toEqual([PROFILE])
  })

  it('carries nothing for a token the API refuses, and the page still loads', async () => {
    const { response, html } = await pageWith('/audits', 'not.a.token')
    expect(response.status).toBe(200)
    expect(answersIn(html)).toEqual({ for: tokenMark('not.a.token'), answers: {} })
  })

  it('is the plain page without the token cookie, or without the signed-in hint', async () => {
    const token = await server().login(ADMIN)
    const plain = await pageWith('/audits', null)
    expect(plain.html).toBe(signedInPage)
    expect(plain.response.headers.get('cache-control')).toBe('no-cache')
    expect((await pageWith('/audits', token, false)).html).toBe(page)
  })

  it('answers a HEAD request as the plain page, without running the answers', async () => {
    const token = await server().login(ADMIN)
    const response = await fetch(`${server().url}/audits`, {
      method: 'HEAD',
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1; ${BOOT_TOKEN_COOKIE}=${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('carries the profile first, and leaves out what has not arrived within the budget', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const app: App = new Hono()
    app.get('*', async (c) => {
      if (c.req.path !== PROFILE) await held
      return c.json({ path: c.req.path })
    })
    const page = await bootAnswers(app, 'token', '/audits', '', undefined, 50)
    release()
    expect(Object.keys(page.answers)).toEqual([PROFILE])
  })

  it('sends no more requests once the browser has gone away', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    const app: App = new Hono()
    app.get('*', async (c) => {
      asked.push(c.req.path)
      await held
      return c.json({ path: c.req.path })
    })
    const gone = new AbortController()
    const page = bootAnswers(app, 'token', '/audits', '', undefined, 5_000, gone.signal)
    gone.abort()
    expect((await page).answers).toEqual({})
    release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(asked).toEqual([PROFILE])
  })
})

describe('the answers block', () => {
  it('cannot be closed or commented out by an answer, and reads back the same', () => {
    const answers = { for: 'mark', answers: { '/x': '{"name":"</script><!-- <b>"}' } }
    const block = answersBlock(answers)
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'))
    expect(inner).not.toContain('<')
    expect(JSON.parse(inner)).toEqual(answers)
  })
})

describe('the streamed page', () => {
  const head = signedInPage.slice(0, signedInPage.indexOf('</body>'))
  const tail = signedInPage.slice(signedInPage.indexOf('</body>'))
  const found: BootAnswers = { for: 'mark', answers: { [PROFILE]: '{"id":1}' } }
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b }

  /** What a browser can read of `chunk` alone, the start of a stream compressed as `encoding`. */
  function readable(chunk: Uint8Array, encoding: 'br' | 'gzip' | null): Promise<string> {
    if (encoding === null) return Promise.resolve(Buffer.from(chunk).toString())
    const decoder: Transform = encoding === 'br' ? createBrotliDecompress() : createGunzip()
    const out: Buffer[] = []
    decoder.on('data', (part: Buffer) => out.push(part))
    return new Promise((resolve) => {
      decoder.write(chunk, () => resolve(Buffer.concat(out).toString()))
    })
  }

  for (const encoding of ['br', 'gzip', null] as const) {
    it(`gives its head before the answers start, ${encoding ?? 'uncompressed'}`, async () => {
      let started = 0
      let release = (_: BootAnswers) => {}
      const answers = () => {
        started += 1
        return new Promise<BootAnswers>((resolve) => (release = resolve))
      }
      const reader = streamedPage(signedInPage, answers, encoding).getReader()
      const first = await reader.read()
      expect(started).toBe(0)
      expect(await readable(first.value ?? new Uint8Array(), encoding)).toBe(head)

      const second = reader.read()
      await new Promise((resolve) => setImmediate(resolve))
      expect(started).toBe(1)
      release(found)
      const rest = await second
      expect((await reader.read()).done).toBe(true)
      const bytes = Buffer.concat([first.value ?? [], rest.value ?? []].map((b) => Buffer.from(b)))
      expect(decode[encoding ?? 'identity'](bytes).toString()).toBe(
        head + answersBlock(found) + tail,
      )
    })
  }

  it('stops its answers when the browser goes away', async () => {
    const signals: AbortSignal[] = []
    const answers = (cancelled: AbortSignal) => {
      signals.push(cancelled)
      return new Promise<BootAnswers>(() => {})
    }
    const reader = streamedPage(signedInPage, answers, 'br').getReader()
    await reader.read()
    void reader.read().catch(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    await reader.cancel()
    expect(signals.map((signal) => signal.aborted)).toEqual([true])
  })

  it('ends as the plain page when the answers fail', async () => {
    const failing = () => Promise.reject(new Error('database gone'))
    const text = await new Response(streamedPage(signedInPage, failing, null)).text()
    expect(text).toBe(signedInPage)
  })
})
