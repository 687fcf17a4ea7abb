import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ADMIN, useServer } from './helpers'

// Every write endpoint gets ≥1,000 malformed bodies; the only acceptable answers are 4xx.
// Hostile values of the right type and arbitrary list queries must never cause a 5xx.
// "Malformed" is guaranteed by construction, so a 2xx is a real bug, never an accidental valid body:
// text that is not JSON, JSON that is not an object, a valid body plus an unknown key, or a valid
// body with one field replaced by an object of unknown keys (wrong for every field type).

const server = useServer({ seedAuditRows: 50 })
const RUNS = 1000

const notJson = fc.string({ maxLength: 40 }).filter((s) => {
  try {
    JSON.parse(s)
    return false
  } catch {
    return true
  }
})
const notObject = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
)
const strangeKey = fc.string({ minLength: 1, maxLength: 8 }).map((k) => `zz_${k}`)
const strangeObject = fc.dictionary(strangeKey, fc.jsonValue({ maxDepth: 2 }), {
  minKeys: 1,
  maxKeys: 3,
})

function malformed(valid: Record<string, unknown>) {
  const keys = Object.keys(valid)
  return fc.oneof(
    notJson.map((text) => ({ text })),
    notObject.map((value) => ({ text: JSON.stringify(value) })),
    fc
      .tuple(strangeKey, fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => ({ text: JSON.stringify({ ...valid, [k]: v }) })),
    fc
      .tuple(fc.constantFrom(...keys), strangeObject)
      .map(([k, v]) => ({ text: JSON.stringify({ ...valid, [k]: v }) })),
  )
}

const when = '2026-05-01T08:00:00Z'
const later = '2026-06-01T08:00:00Z'

// [method, path, a valid body]; ids point at seeded rows (users 1.., location 1, floor 1, …).
const endpoints: [string, string, Record<string, unknown>][] = [
  ['POST', '/auth/v1/token/refresh', { refresh_token: 'a.b' }],
  ['POST', '/org/v1/users/password-reset', { token: 'abc', new_password: 'Long-Enough-1' }],
  ['POST', '/notify', { workflow: 'reset_password_email', email: 'a@b.cd' }],
  ['POST', '/org/v1/users', { username: 'fz', email: 'fz@acme.example', roles: ['staff'] }],
  ['PUT', '/org/v1/users/3', { first_name: 'F', roles: ['staff'] }],
  ['POST', '/org/v1/organizations', { name: 'F', description: 'd', client_ids: ['fz'] }],
  ['PUT', '/org/v1/organizations/2', { name: 'F', client_ids: ['globex-portal'] }],
  ['POST', '/sbm/v1/locations', { name: 'F', street: 's', locality: 'l' }],
  ['PUT', '/sbm/v1/locations/1', { name: 'F', postal_code: '1' }],
  ['POST', '/sbm/v1/floors', { location_id: 1, name: 'F', position: 1 }],
  ['PUT', '/sbm/v1/floors/1', { name: 'F', position: 2 }],
  ['POST', '/sbm/v1/rooms', { floor_id: 1, name: 'F', description: 'd' }],
  ['PUT', '/sbm/v1/rooms/1', { name: 'F' }],
  ['POST', '/sbm/v1/doors', { room_id: 1, name: 'F' }],
  ['PUT', '/sbm/v1/doors/1', { name: 'F' }],
  ['POST', '/org/v1/doors', { door_ids: [1, 2], location_id: 1 }],
  [
    'POST',
    '/sbm/v1/devices',
    {
      name: 'F',
      description: 'd',
      device_type_id: 'lock',
      manufacturer_id: 1,
      device_id_manufacturer: 'FZ-1',
      assignment_type: 'door',
      assignment_id: 1,
    },
  ],
  ['PUT', '/sbm/v1/devices/1', { name: 'F', capabilities: ['remotely_lock'] }],
  [
    'POST',
    '/access/v1/devices/2/set/create_pin',
    {
      data: { start_date: when, end_date: later, manufacturer_id: 1, device_id_manufacturer: 'x' },
    },
  ],
  [
    'POST',
    '/access/v1/credentials',
    {
      user_id: 2,
      assignment_type: 'door',
      assignment_id: 1,
      start_datetime: when,
      end_datetime: later,
    },
  ],
  ['PUT', '/access/v1/credentials/1', { end_datetime: later, exclusive: false }],
]

async function send(method: string, path: string, token: string, body: string, type: string) {
  const response = await fetch(`${server().url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  })
  await response.arrayBuffer()
  return response.status
}

const is4xx = (status: number) => status >= 400 && status < 500

describe('fuzz: malformed bodies get 4xx, never 2xx or 5xx', () => {
  it.each(endpoints)('%s %s', { timeout: 120_000 }, async (method, path, valid) => {
    const token = await server().login(ADMIN)
    const statuses = new Set<number>()
    await fc.assert(
      fc.asyncProperty(malformed(valid), async ({ text }) => {
        const status = await send(method, path, token, text, 'application/json')
        statuses.add(status)
        return is4xx(status)
      }),
      { numRuns: RUNS },
    )
    expect([...statuses].every(is4xx)).toBe(true)
  })

  // Values of the right JSON type but hostile content may even be valid (201 is fine here);
  // what must never happen is a 5xx, e.g. from a NUL byte or an impossible date reaching SQL.
  it.each(endpoints)(
    '%s %s: hostile field values never cause a 5xx',
    { timeout: 120_000 },
    async (method, path, valid) => {
      const token = await server().login(ADMIN)
      const hostile = fc.oneof(
        fc.constantFrom(
          'a\u0000b',
          '2026-02-30T00:00:00Z',
          '9999-12-31T23:59:59-14:00',
          ' ',
          '%_\\',
          '💥'.repeat(300),
        ),
        fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31), 1e308, 0.5, Number.MAX_SAFE_INTEGER),
        fc.string({ maxLength: 30 }),
      )
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...Object.keys(valid)), hostile, async (key, value) => {
          const status = await send(
            method,
            path,
            token,
            JSON.stringify({ ...valid, [key]: value }),
            'application/json',
          )
          return status < 500
        }),
        { numRuns: 100 },
      )
    },
  )

  it.each([
    '/org/v1/users',
    '/org/v1/organizations',
    '/sbm/v1/locations',
    '/sbm/v1/locations/1',
    '/sbm/v1/devices',
    '/sbm/v1/doors',
    '/access/v1/credentials',
    '/sbm/v1/devices/audit',
    '/dev/outbox',
  ])(
    'GET %s with arbitrary query strings never causes a 5xx',
    { timeout: 120_000 },
    async (path) => {
      const token = await server().login(ADMIN)
      const key = fc.constantFrom(
        'start',
        'length',
        'order_by',
        'order_direction',
        'search',
        'deep',
        'x',
      )
      const value = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('\u0000', '999999999', '-0', '%'),
      )
      await fc.assert(
        fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (query) => {
          const response = await fetch(
            `${server().url}${path}?${new URLSearchParams(query).toString()}`,
            {
              headers: { authorization: `Bearer ${token}` },
            },
          )
          await response.arrayBuffer()
          return response.status < 500
        }),
        { numRuns: 150 },
      )
    },
  )

  it('POST /auth/v1/token with arbitrary form bodies', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (text) =>
        is4xx(await send('POST', '/auth/v1/token', '', text, 'application/x-www-form-urlencoded')),
      ),
      { numRuns: RUNS },
    )
  })

  it(
    'POST /access/v1/devices/{id}/control/{command} with malformed ids and commands',
    { timeout: 120_000 },
    async () => {
      const token = await server().login(ADMIN)
      const command = fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((c) => !['lock', 'unlock', 'force_unlock', 'calibrate'].includes(c))
        .map(encodeURIComponent)
      const id = fc.oneof(
        fc.integer({ min: -5, max: 99 }).map(String),
        fc.constantFrom('0x1', '1e2', 'x'),
      )
      await fc.assert(
        fc.asyncProperty(id, command, async (i, c) =>
          is4xx(
            await send(
              'POST',
              `/access/v1/devices/${i}/control/${c}`,
              token,
              '',
              'application/json',
            ),
          ),
        ),
        { numRuns: RUNS },
      )
    },
  )

  it('POST /upload with malformed multipart bodies', { timeout: 120_000 }, async () => {
    const token = await server().login(ADMIN)
    const boundary = 'fuzzboundary'
    const part = fc
      .uint8Array({ maxLength: 64 })
      .filter((b) => !(b[0] === 0xff && b[1] === 0xd8) && !(b[0] === 0x89 && b[1] === 0x50))
    const body = fc.oneof(
      fc.string({ maxLength: 80 }),
      part.map(
        (bytes) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="image_1_x.png"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${Buffer.from(bytes).toString('latin1')}\r\n--${boundary}--\r\n`,
      ),
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) =>
        is4xx(
          await send('POST', '/upload', token, text, `multipart/form-data; boundary=${boundary}`),
        ),
      ),
      { numRuns: RUNS },
    )
  })
})
