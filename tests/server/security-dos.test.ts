import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { UploadResult } from '../../src/contract/uploads'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// Issue 17, "Cheap denial of service", and issue 19, "Uploaded files cannot run".

const server = useServer({ uploadUserQuota: 2500, uploadTotalQuota: 4000 })
// A gate of one hashing run and one waiting place, with a hash slow enough to overlap.
const narrow = useServer({ hashConcurrency: 1, hashQueue: 1, scryptLogN: 15 })

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 1)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 2)])

async function upload(token: string, bytes: Buffer, name = 'plan.png') {
  const form = new FormData()
  form.append(`image_${Date.now()}_${name}`, new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${server().url}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('password reset: the link is checked before any hashing', () => {
  it('answers a flood of bogus tokens with 400 without running scrypt once', async () => {
    const { hashing } = server().running.handle.services
    const before = hashing.started
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        server().request('POST', '/org/v1/users/password-reset', {
          json: { token: `bogus-token-${i}`, new_password: 'Long-Enough-1' },
        }),
      ),
    )
    expect(replies.map((r) => r.status)).toEqual(Array(24).fill(400))
    expect(hashing.started).toBe(before)
  })
})

describe('anonymous hashing is bounded', () => {
  it('answers 429 with Retry-After when the queue is full, and serves the rest', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        narrow().request('POST', '/auth/v1/token', {
          form: { username: `stranger-${i}@example.com`, password: 'Wrong-Password-1' },
        }),
      ),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2)
    const busy = replies.filter((r) => r.status === 429)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]?.headers.get('retry-after')).toBe('1')
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
    // Once the flood has passed, a sign-in goes through.
    expect((await narrow().pair(ADMIN)).token_type).toBe('bearer')
  })
})

describe('uploads need a write permission and stay within quotas', () => {
  it('refuses the read-only auditor and staff with a readable 403, storing nothing', async () => {
    for (const who of [AUDITOR, STAFF]) {
      const reply = await upload(await server().login(who), png(1024 * 1024))
      expect(reply.status).toBe(403)
      expect(shaped(reply.body, ErrorBody).error).toBe('forbidden')
    }
  })

  it('stops one person at the per-user quota, even with parallel uploads', async () => {
    const token = await server().login(ORGADMIN)
    const replies = await Promise.all(Array.from({ length: 6 }, () => upload(token, png(1000))))
    const statuses = replies.map((r) => r.status).sort()
    expect(statuses).toEqual([201, 201, 413, 413, 413, 413])
    const refused = replies.find((r) => r.status === 413)
    expect(shaped(refused?.body, ErrorBody).message).toMatch(/quota/)
  })

  it('stops everyone at the total quota', async () => {
    // 2,000 bytes are stored; the total quota is 4,000.
    const admin = await server().login(ADMIN)
    expect((await upload(admin, png(1500))).status).toBe(201)
    const globex = await server().login(GLOBEX)
    expect((await upload(globex, png(1000))).status).toBe(413)
    expect((await upload(globex, png(400))).status).toBe(201)
  })
})

describe('uploaded files are served sandboxed, with the type their bytes show', () => {
  it('serves a GIF named .png as image/gif with CSP sandbox and nosniff', async () => {
    const admin = await server().login(ADMIN)
    const reply = await upload(admin, GIF, 'looks-like.png')
    expect(reply.status).toBe(201)
    const { url } = shaped(reply.body, UploadResult)
    const image = await fetch(`${server().url}${url}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/gif')
    const csp = image.headers.get('content-security-policy') ?? ''
    expect(csp.split(';').map((d) => d.trim())).toContain('sandbox')
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('script-src')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await image.arrayBuffer()).equals(GIF)).toBe(true)
  })

  it('keeps the page CSP on everything else', async () => {
    const page = await server().request('GET', '/health')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })
})
