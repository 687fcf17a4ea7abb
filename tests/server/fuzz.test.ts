import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { endpoints, idRoutes } from './fuzz-endpoints'
import { ADMIN, describeOffPostgresRun, useServer } from './helpers'

// Every write endpoint gets ≥1,000 malformed bodies; the only acceptable answers are 4xx.
// Hostile values of the right type and arbitrary list queries must never cause a 5xx.
// "Malformed" is guaranteed by construction, so a 2xx is a real bug, never an accidental valid body:
// text that is not JSON, JSON that is not an object, a valid body plus an unknown key, a valid
// body with one field replaced by an object of unknown keys (wrong for every field type), a body
// nested deeper than any contract allows (at the top or in a field), or a valid body sent with a
// content type that is not JSON.

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

const JSON_TYPE = 'application/json'
const notJsonTypes = fc.constantFrom(
  'text/plain',
  'text/plain; charset=utf-8',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/jsonp',
  'json',
  '',
)

/** `[[[…1…]]]` or `{"a":{"a":…1…}}` nested `depth` levels. */
const nested = fc
  .tuple(fc.integer({ min: 33, max: 6000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  )

function malformed(valid: Record<string, unknown>) {
  const keys = Object.keys(valid)
  const json = (text: string) => ({ text, type: JSON_TYPE })
  return fc.oneof(
    notJson.map(json),
    notObject.map((value) => json(JSON.stringify(value))),
    fc
      .tuple(strangeKey, fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => json(JSON.stringify({ ...valid, [k]: v }))),
    fc
      .tuple(fc.constantFrom(...keys), strangeObject)
      .map(([k, v]) => json(JSON.stringify({ ...valid, [k]: v }))),
    nested.map(json),
    fc.tuple(fc.constantFrom(...keys), nested).map(([k, deep]) => {
      const rest = JSON.stringify(
        Object.fromEntries(Object.entries(valid).filter((e) => e[0] !== k)),
      )
      const comma = rest === '{}' ? '' : ','
      return json(`${rest.slice(0, -1)}${comma}${JSON.stringify(k)}:${deep}}`)
    }),
    notJsonTypes.map((type) => ({ text: JSON.stringify(valid), type })),
  )
}

/**
 * Hands a request to the server's app in this process, as the Node adapter does for one from a
 * loopback socket: the same middleware, body limits, parsing and contract checks answer it, without
 * a socket and an HTTP parse on each side. Over HTTP the 37,000 malformed bodies were half of this
 * file's time and took 1.7 times as long as here (against the id routes, unchanged, as the yardstick
 * of a loaded machine). The headers are those `fetch` sends, the length included; the id routes
 * below, which also check that the connection stays usable, go over real HTTP.
 */
async function inProcess(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  const { running, url } = server()
  const length: Record<string, string> =
    body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
  const request = new Request(`${url}${path}`, { method, headers: { ...headers, ...length }, body })
  // A fresh env per request, as the adapter makes: the caller is cached by it (server/auth/principal.ts).
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1', remoteFamily: 'IPv4' } } }
  const response = await running.handle.app.fetch(request, env)
  await response.arrayBuffer()
  return response.status
}

const send = (method: string, path: string, token: string, body: string, type: string) =>
  inProcess(method, path, { authorization: `Bearer ${token}`, 'content-type': type }, body)

const is4xx = (status: number) => status >= 400 && status < 500

// A malformed body is refused by the contract's check before any SQL runs, so the PostgreSQL run
// skips what the embedded run proves; hostile values and queries, which do reach SQL, run on both.
describeOffPostgresRun('fuzz: malformed bodies get 4xx, never 2xx or 5xx', () => {
  it.each(endpoints)('%s %s', { timeout: 120_000 }, async (method, path, valid) => {
    const token = await server().login(ADMIN)
    const statuses = new Set<number>()
    await fc.assert(
      fc.asyncProperty(malformed(valid), async ({ text, type }) => {
        const status = await send(method, path, token, text, type)
        statuses.add(status)
        return is4xx(status)
      }),
      { numRuns: RUNS },
    )
    expect([...statuses].every(is4xx)).toBe(true)
  })
})

describe('fuzz: hostile values and queries never cause a 5xx', () => {
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
    '/org/v1/journal',
    '/dev/outbox',
    '/access/v1/groups',
    '/access/v1/groups/1/members',
    '/access/v1/schedules',
    '/access/v1/calendars',
    '/access/v1/rules',
    '/access/v1/holiday-regions',
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
        'actor_id',
        'target_id',
        'from',
        'country',
        'x',
      )
      const value = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('\u0000', '999999999', '-0', '%'),
      )
      await fc.assert(
        fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (query) => {
          const status = await inProcess(
            'GET',
            `${path}?${new URLSearchParams(query).toString()}`,
            {
              authorization: `Bearer ${token}`,
            },
          )
          return status < 500
        }),
        { numRuns: 150 },
      )
    },
  )
})

// Refused by parsing and routing before any SQL, like the malformed bodies: the embedded run only.
describeOffPostgresRun('fuzz: malformed forms, ids, commands and uploads get 4xx', () => {
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

  // Ids are exact decimal integers: ` 1 `, `01`, `1.0` or `password-reset` name nothing. Each
  // answer is a 4xx with the JSON error body, on a connection that stays usable (sent with and
  // without a token, with a JSON or a text body).
  it.each(idRoutes)(
    '%s %s with ids that are not exact decimal integers',
    { timeout: 120_000 },
    async (method, pattern) => {
      const token = await server().login(ADMIN)
      const exact = /^[1-9]\d{0,9}$/
      // Words that are routes of their own beside an id (GET /org/v1/users/me answers 200).
      const routeWords = new Set(['me', 'import', 'export.csv'])
      const id = fc.oneof(
        fc.constantFrom('%201%20', '01', '1.0', '1e0', '0x1', '-1', '0', '+1', '%EF%BC%91'),
        fc.constantFrom('password-reset', '2147483648', '99999999999', 'abc', '1,2', '1%00'),
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((x) => !exact.test(x.trim()) && !routeWords.has(x))
          .map(encodeURIComponent),
      )
      const body = fc.constantFrom(
        { text: '{"name":"x"}', type: 'application/json' },
        { text: 'hello', type: 'text/plain' },
        { text: 'a'.repeat(200_000), type: 'application/json' },
      )
      await fc.assert(
        fc.asyncProperty(id, body, fc.boolean(), async (i, b, signedIn) => {
          const write = method !== 'GET'
          const response = await fetch(`${server().url}${pattern.replace('{id}', i)}`, {
            method,
            headers: {
              ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
              ...(write ? { 'content-type': b.type } : {}),
            },
            body: write ? b.text : undefined,
          })
          const answer = (await response.json()) as { error?: unknown }
          return is4xx(response.status) && typeof answer.error === 'string'
        }),
        { numRuns: 120 },
      )
      // Nothing was deleted or changed by any of it.
      const user = await server().request('GET', '/org/v1/users/1', { token })
      expect(user.status).toBe(200)
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
