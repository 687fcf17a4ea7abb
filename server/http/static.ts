import { apiPrefixes } from '../../src/contract/api-paths'
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HTML } from '../../src/contract/boot-hint'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { App } from '../context'
import { bootAnswers, bootToken, cookieValue, streamedPage } from './boot-answers'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}

/**
 * public/'s icons and manifest keep their names from build to build, so they cannot be cached for
 * good as /assets/ are; a day spares every page load a request for the tab's icon, and a new icon
 * reaches browsers by the next day.
 */
const DAY_CACHED = new Set(['.ico', '.png', '.svg', '.webmanifest'])
const DAY_S = 24 * 60 * 60

/** Cache-Control for a file of the build: assets for good, icons for a day, pages never. */
function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return DAY_CACHED.has(extname(path)) ? `public, max-age=${DAY_S}` : 'no-cache'
}

// The variants the build writes beside each file (vite.config.ts, precompress), best first.
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/** The encodings an Accept-Encoding header allows (q > 0); `*` allows any not named. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  const refused = new Set<string>()
  let wildcard = false
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const allowed = q === undefined || Number(q.slice(2)) > 0
    if (token === '*') wildcard = allowed
    else if (token !== '') (allowed ? accepted : refused).add(token)
  }
  if (wildcard) for (const { name } of encodings) if (!refused.has(name)) accepted.add(name)
  return accepted
}

/**
 * The file to send for `file`: its brotli or gzip variant when the browser accepts it and the
 * build wrote one, else the file itself. `varies` says whether a variant exists at all, so the
 * answer depends on Accept-Encoding and caches must key on it.
 */
function pickVariant(file: string, acceptEncoding: string | undefined) {
  const accepted = acceptedEncodings(acceptEncoding)
  const existing = encodings.filter(({ suffix }) => existsSync(file + suffix))
  const chosen = existing.find(({ name }) => accepted.has(name))
  return {
    path: chosen ? file + chosen.suffix : file,
    encoding: chosen?.name ?? null,
    varies: existing.length > 0,
  }
}

// dist/'s files as last read, by path. Every page load reads its page, and reading it through the
// thread pool took 5–14 ms while a browser kept this machine's two cores busy; the build is a few
// megabytes, written before the server starts. A file rewritten since it was read (a new build in
// place) is read again.
const read = new Map<string, { mtimeMs: number; size: number; body: Uint8Array<ArrayBuffer> }>()

/** The bytes of dist/ file `path`, from memory unless the file changed since it was read. */
function buildFile(path: string): Uint8Array<ArrayBuffer> {
  const { mtimeMs, size } = statSync(path)
  const known = read.get(path)
  if (known?.mtimeMs === mtimeMs && known.size === size) return known.body
  const body = new Uint8Array(readFileSync(path))
  read.set(path, { mtimeMs, size, body })
  return body
}

/**
 * The page for a client-side route: SIGNED_IN_HTML (the signed-in boot's chunks preloaded) when the
 * browser carries the signed-in hint and the build wrote it, else index.html
 * (contract/boot-hint.ts).
 */
export function pageFor(root: string, cookieHeader: string | undefined): string {
  const hinted = cookieValue(cookieHeader, SIGNED_IN_HINT_COOKIE) === '1'
  return hinted && existsSync(join(root, SIGNED_IN_HTML)) ? SIGNED_IN_HTML : 'index.html'
}

/**
 * The built console from dist/: hashed assets cached for a year, icons for a day (cacheControl),
 * index.html never cached, and every extension-less GET outside the API answered with index.html
 * (client-side routing). Each is sent precompressed when the browser accepts brotli or gzip.
 */
export function registerStatic(app: App, distDir: string, bootAnswersBudgetMs: number) {
  const root = resolve(distDir)
  app.get('*', async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    if (apiPrefixes.some((p) => path.startsWith(p))) return next()
    const ext = extname(path)
    if (!existsSync(join(root, 'index.html'))) {
      if (ext !== '') return next()
      return c.text('Console not built: run npm run build', 503)
    }
    const page = ext === '' ? pageFor(root, c.req.header('Cookie')) : null
    const file = page !== null ? join(root, page) : normalize(join(root, path))
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return next()
    const token =
      page === SIGNED_IN_HTML && c.req.method === 'GET' ? bootToken(c.req.header('Cookie')) : null
    if (token !== null) {
      // A signed-in page with its first answers in it (contract/boot-answers.ts): made for this
      // user, so never stored by any cache.
      const accepted = acceptedEncodings(c.req.header('Accept-Encoding'))
      const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
      const search = new URL(c.req.url).search
      // Nothing can refuse here (a refused token is an answer left out); a page never fails for
      // it: streamedPage leaves out a block whose answers failed.
      const answers = (cancelled: AbortSignal) =>
        bootAnswers(app, token, path, search, c.env, bootAnswersBudgetMs, cancelled)
      c.header('Content-Type', contentTypes['.html'])
      c.header('Cache-Control', 'no-store')
      c.header('Vary', 'Accept-Encoding, Cookie')
      if (encoding) c.header('Content-Encoding', encoding)
      return c.body(streamedPage(new TextDecoder().decode(buildFile(file)), answers, encoding))
    }
    const variant = pickVariant(file, c.req.header('Accept-Encoding'))
    c.header('Content-Type', contentTypes[extname(file)] ?? 'application/octet-stream')
    c.header('Cache-Control', cacheControl(path))
    if (ext === '') c.header('Vary', variant.varies ? 'Accept-Encoding, Cookie' : 'Cookie')
    else if (variant.varies) c.header('Vary', 'Accept-Encoding')
    if (variant.encoding) c.header('Content-Encoding', variant.encoding)
    return c.body(buildFile(variant.path))
  })
}
