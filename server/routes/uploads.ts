import { randomBytes } from 'node:crypto'
import { can, needs } from '../../src/contract/permissions'
import { UPLOAD_MAX_BYTES } from '../../src/contract/uploads'
import type { App, Services } from '../context'
import { writeJournal } from '../db/journal'
import { forbidden, HttpError, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'

// The file's first bytes decide its type; the client's claimed type and name are not trusted.
// SVG is refused on purpose: it can carry script.
const signatures: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
]

const sniff = (bytes: Buffer) => signatures.find((sig) => sig.test(bytes))

// Images are location pictures and floor plans: only people who may write locations store them.
const uploadNeeds = [...needs('locations', 'create'), ...needs('locations', 'update')]

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

export function registerUploads(app: App, s: Services) {
  app.post('/upload', async (c) => {
    const principal = c.get('principal')
    if (!can(principal.permissions, uploadNeeds)) throw forbidden()
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data.')
    }
    let form: Record<string, string | File | (string | File)[]>
    try {
      form = await c.req.parseBody({ all: true })
    } catch {
      throw new HttpError(400, 'validation', 'The multipart body could not be read.')
    }
    // Requirements R3.11: one file field, named image_{timestamp}_{original file name}.
    const files = Object.entries(form).filter((e): e is [string, File] => e[1] instanceof File)
    const [entry] = files
    if (!entry || files.length !== 1) {
      throw new HttpError(400, 'validation', 'Send exactly one image file.', 'file')
    }
    const [field, file] = entry
    if (file.size > UPLOAD_MAX_BYTES) {
      throw new HttpError(413, 'payload_too_large', 'The image is larger than 5 MB.', field)
    }
    const bytes = Buffer.from(await file.arrayBuffer())
    const kind = sniff(bytes)
    if (!kind) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        'Only PNG, JPEG, GIF and WebP images.',
        field,
      )
    }
    const name = `${randomBytes(12).toString('hex')}.${kind.ext}`
    const { uploadUserQuota, uploadTotalQuota } = s.options
    // Quotas per user and in total, checked and written under one lock so parallel uploads
    // cannot overshoot them (ASVS 5.0 5.2.1, 5.2.4).
    const stored = await s.db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock(1701)')
      const [row] = await q.query<{ name: string }>(
        `insert into uploads (name, content_type, size, bytes, user_id)
         select $1, $2, $3::int, $4, $5::int
         where $3::int + (select coalesce(sum(size), 0) from uploads where user_id = $5::int)
                 <= $6::bigint
           and $3::int + (select coalesce(sum(size), 0) from uploads) <= $7::bigint
         returning name`,
        [name, kind.type, bytes.length, bytes, principal.userId, uploadUserQuota, uploadTotalQuota],
      )
      if (row === undefined) return false
      // An image for a location or a floor plan (the locations permissions allow it), not yet
      // attached to one: the row names the stored file, its type and size.
      await writeJournal(q, journalSource(c), {
        organizationId: principal.organizationId,
        action: 'upload',
        targetType: 'location',
        targetId: null,
        targetName: name,
        changes: { content_type: [null, kind.type], size: [null, bytes.length] },
      })
      return true
    })
    if (!stored) {
      throw new HttpError(
        413,
        'payload_too_large',
        `The upload quota is used up (${megabytes(uploadUserQuota)} per person, ${megabytes(uploadTotalQuota)} in all).`,
        field,
      )
    }
    return c.json(
      { url: `/uploads/${name}`, name, content_type: kind.type, size: bytes.length },
      201,
    )
  })

  app.get('/uploads/:name', async (c) => {
    const name = c.req.param('name')
    if (!/^[a-f0-9]{24}\.(png|jpg|gif|webp)$/.test(name)) throw notFound('Image')
    const [row] = await s.db.query<{ bytes: Buffer }>('select bytes from uploads where name = $1', [
      name,
    ])
    if (!row) throw notFound('Image')
    // The type comes from the stored bytes, whatever was recorded or claimed when it was stored.
    const kind = sniff(row.bytes)
    if (!kind) throw notFound('Image')
    c.header('Content-Type', kind.type)
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return c.body(new Uint8Array(row.bytes))
  })
}
