import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { UploadResult } from '../../src/contract/uploads'
import { ADMIN, shaped, useServer } from './helpers'

const dist = mkdtempSync(join(tmpdir(), 'dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>')
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]))

const server = useServer({ distDir: dist, jsonBodyLimit: 16 * 1024 })
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

function upload(token: string | undefined, bytes: Buffer, name = 'plan.png') {
  const form = new FormData()
  form.append(`image_${Date.now()}_${name}`, new Blob([new Uint8Array(bytes)]), name)
  return fetch(`${server().url}/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

describe('HTTP hygiene', () => {
  it('sends a CSP with frame-ancestors none and other secure headers on every response', async () => {
    for (const path of ['/health', '/org/v1/users/me', '/users', '/nope.js']) {
      const reply = await server().request('GET', path)
      const csp = reply.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
      expect(reply.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('answers malformed JSON with 400, a wrong content type with 415, a huge body with 413', async () => {
    const token = await server().login(ADMIN)
    const bad = await server().request('POST', '/org/v1/organizations', {
      token,
      body: '{"name": "x",',
      type: 'application/json',
    })
    expect(bad.status).toBe(400)
    expect(shaped(bad.body, ErrorBody).error).toBe('malformed_json')
    const text = await server().request('POST', '/org/v1/organizations', {
      token,
      body: 'name=x',
      type: 'text/plain',
    })
    expect(text.status).toBe(415)
    const huge = await server().request('POST', '/org/v1/organizations', {
      token,
      json: { name: 'x'.repeat(20_000), client_ids: ['a'] },
    })
    expect(huge.status).toBe(413)
    expect(shaped(huge.body, ErrorBody).error).toBe('payload_too_large')
  })

  it('answers values whose printing throws with 400, not 500', async () => {
    const token = await server().login(ADMIN)
    for (const [path, json] of [
      ['/access/v1/devices/2/set/create_pin', { data: { 'zz_ ': { toString: {} } } }],
      ['/org/v1/organizations', { name: { toString: null }, client_ids: [{ valueOf: {} }] }],
    ] as const) {
      const reply = await server().request('POST', path, { token, json })
      expect(reply.status, path).toBe(400)
      expect(shaped(reply.body, ErrorBody).error).toBe('validation')
    }
  })

  it("keeps an idle keep-alive connection for 65 s, past a Node client's 5 s", async () => {
    // Playwright's API client ignores the hint and reuses pooled sockets whenever it likes; at
    // Node's default of 5 s a reuse could race the server's close and get ECONNRESET. Node keeps
    // an idle socket for the advertised time (plus a second), the same setting as the header.
    const response = await fetch(`${server().url}/health`)
    expect(response.headers.get('keep-alive')).toBe('timeout=65')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const token = await server().login(ADMIN)
    const reply = await server().request('GET', '/org/v1/nothing-here', { token })
    expect(reply.status).toBe(404)
    expect(shaped(reply.body, ErrorBody).error).toBe('not_found')
  })
})

describe('console hosting', () => {
  it('serves index.html for client routes without caching, assets for a year and icons for a day', async () => {
    const page = await server().request('GET', '/audits?start=100')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>console</title>')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const asset = await server().request('GET', '/assets/app-abc123.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(asset.headers.get('content-type')).toContain('javascript')
    // The tab's icon is asked for on every page load: a day's cache spares the server each one.
    const icon = await server().request('GET', '/favicon.ico')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400')
    expect((await server().request('GET', '/assets/missing.js')).status).toBe(404)
    expect((await server().request('GET', '/..%2f..%2fetc/passwd.txt')).status).toBe(404)
    expect((await server().request('GET', '/bad%E0%A4%A')).status).toBe(404)
  })
})

describe('upload host', () => {
  it('stores an image and serves it back at the answered URL', async () => {
    const token = await server().login(ADMIN)
    const reply = await upload(token, PNG)
    expect(reply.status).toBe(201)
    const result = shaped(await reply.json(), UploadResult)
    expect(result.content_type).toBe('image/png')
    const image = await fetch(`${server().url}${result.url}`)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('refuses non-images (whatever the name says), anonymous uploads and oversize files', async () => {
    const token = await server().login(ADMIN)
    expect((await upload(token, Buffer.from('<svg onload=alert(1)>'), 'x.png')).status).toBe(415)
    expect((await upload(undefined, PNG)).status).toBe(401)
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    expect((await upload(token, big)).status).toBe(413)
  })
})
