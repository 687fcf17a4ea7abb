import { describe, expect, it } from 'vitest'
import { CommandResult, Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { requestIdOf } from '../../server/http/request-id'
import { captureOutput } from './process-helpers'
import { ADMIN, shaped, useServer } from './helpers'

// Debug level: the server writes a line for every request, which is what these tests read.
const server = useServer({ logLevel: 'debug' })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const logged = captureOutput()

const health = (id?: string) =>
  server().request('GET', '/health', { headers: id === undefined ? {} : { 'x-request-id': id } })

describe('X-Request-Id', () => {
  it('keeps a valid id from the caller and answers it', async () => {
    const reply = await health('lb-7f3a.2_x')
    expect(reply.headers.get('x-request-id')).toBe('lb-7f3a.2_x')
    expect(logged()).toContain('lb-7f3a.2_x')
  })

  it('generates one when the caller sent none', async () => {
    const reply = await health()
    expect(reply.headers.get('x-request-id')).toMatch(UUID)
  })

  it.each([
    ['10 KB long', 'a'.repeat(10 * 1024)],
    ['129 characters', 'b'.repeat(129)],
    ['a tab and spaces', 'id\twith spaces'],
    ['JSON', '{"level":"error","msg":"forged"}'],
    ['a forged log line', 'x" 500 0.1 ms [1999-01-01T00:00:00.000Z] ERROR forged'],
  ])('replaces an id that is %s with a generated one, never logged raw', async (_, id) => {
    const reply = await health(id)
    const answered = reply.headers.get('x-request-id') ?? ''
    expect(answered).toMatch(UUID)
    expect(logged()).toContain(answered)
    expect(logged()).not.toContain(id)
  })

  it('refuses newlines and control characters outright', () => {
    for (const id of ['a\nb', 'a\r\nX-Evil: 1', 'a\u0000b', 'a\u001b[31mb', 'é']) {
      expect(requestIdOf(id)).toMatch(UUID)
    }
    expect(requestIdOf('')).toMatch(UUID)
    expect(requestIdOf('x'.repeat(128))).toBe('x'.repeat(128))
  })

  it('goes into the audit row the request writes', async () => {
    const token = await server().login(ADMIN)
    const list = await server().request('GET', '/sbm/v1/devices?length=500', { token })
    const device = shaped(list.body, listOf(Device)).data.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_unlock'),
    )
    if (!device) throw new Error('no connected lock among the seeded devices')
    const reply = await server().request(
      'POST',
      `/access/v1/devices/${device.device_id}/control/unlock`,
      { token, headers: { 'x-request-id': 'audit-trace-1' } },
    )
    expect(reply.status).toBe(200)
    const { audit_id } = shaped(reply.body, CommandResult)
    const [row] = await server().running.handle.services.db.query<{ request_id: string }>(
      'select request_id from device_audits where audit_id = $1',
      [audit_id],
    )
    expect(row?.request_id).toBe('audit-trace-1')
  })
})
