import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptedEncodings } from '../../server/http/static'
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HTML } from '../../src/contract/boot-hint'
import { ADMIN, useServer } from './helpers'

// A build as vite.config.ts's precompress step leaves it: each large file with .br and .gz beside it.
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))}\n`
const page = `<!doctype html><title>console</title>${'<meta name="x" content="padding">'.repeat(60)}`
const signedInPage = page.replace(
  '<title>',
  '<link rel="modulepreload" href="/assets/shell.js"><title>',
)
const dist = mkdtempSync(join(tmpdir(), 'dist-'))
mkdirSync(join(dist, 'assets'))
for (const [name, text] of [
  ['index.html', page],
  [SIGNED_IN_HTML, signedInPage],
  ['assets/app-abc123.js', script],
] as const) {
  writeFileSync(join(dist, name), text)
  writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text))
  writeFileSync(join(dist, `${name}.gz`), gzipSync(text))
}
writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n')

const server = useServer({ distDir: dist })

/** A raw GET: the bytes as sent on the wire, nothing decoded (fetch would decode them). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(`${server().url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        )
      })
      request.on('error', reject)
      request.end()
    },
  )
}

describe('Accept-Encoding', () => {
  it('honours q=0 and the wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br')].sort()).toEqual(['br', 'deflate', 'gzip'])
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip'])
    expect([...acceptedEncodings('*, br;q=0')]).toEqual(['gzip'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })
})

describe('static files', () => {
  it('sends the brotli variant of a hashed asset, cached for a year', async () => {
    const reply = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(reply.headers['content-encoding']).toBe('br')
    expect(reply.headers.vary).toBe('Accept-Encoding')
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(reply.body).toString()).toBe(script)
    expect(reply.body.length).toBeLessThan(script.length / 3)
  })

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(script)
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.body.toString()).toBe(script)
  })

  it('compresses index.html for a client-side route and never caches it', async () => {
    const reply = await get('/audits', { 'accept-encoding': 'br' })
    expect(reply.headers['content-encoding']).toBe('br')
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(reply.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(reply.body).toString()).toBe(page)
  })

  it('sends the page that preloads the signed-in boot only to a browser with the hint', async () => {
    const hinted = await get('/audits', {
      'accept-encoding': 'br',
      cookie: `theme=dark; ${SIGNED_IN_HINT_COOKIE}=1`,
    })
    expect(brotliDecompressSync(hinted.body).toString()).toBe(signedInPage)
    expect(hinted.headers.vary).toBe('Accept-Encoding, Cookie')
    const guest = await get('/login', { 'accept-encoding': 'br', cookie: 'theme=dark' })
    expect(brotliDecompressSync(guest.body).toString()).toBe(page)
    const cleared = await get('/login', { cookie: `${SIGNED_IN_HINT_COOKIE}=0` })
    expect(cleared.body.toString()).toBe(page)
  })

  it('sends a file without variants as it is, with no Vary', async () => {
    const reply = await get('/robots.txt', { 'accept-encoding': 'br' })
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.headers.vary).toBeUndefined()
    expect(reply.body.toString()).toBe('User-agent: *\n')
  })
})

describe('API JSON', () => {
  it('compresses a list page with brotli or gzip, whichever the client takes', async () => {
    const token = await server().login(ADMIN)
    const path = '/sbm/v1/devices/audit?start=0&length=60'
    const auth = { authorization: `Bearer ${token}` }
    const plain = await get(path, auth)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const json = plain.body.toString()
    expect(plain.body.length).toBeGreaterThan(1024)

    const br = await get(path, { ...auth, 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(json)
    expect(br.body.length).toBeLessThan(json.length / 4)

    const gzip = await get(path, { ...auth, 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(json)
  })

  it('leaves a small body (an error) uncompressed', async () => {
    const reply = await get('/org/v1/users/me', { 'accept-encoding': 'br, gzip' })
    expect(reply.status).toBe(401)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect((JSON.parse(reply.body.toString()) as { error: string }).error).toBe('unauthenticated')
  })
})
