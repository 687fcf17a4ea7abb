import { describe, expect, it } from 'vitest'
import { defaultOptions } from '../config'
import { hashPassword, verifyPassword } from './passwords'

describe('password hashes', () => {
  it('are scrypt at N = 2^17 by default, and each keeps the cost it was made with', async () => {
    expect(defaultOptions.scryptLogN).toBe(17)
    const production = await hashPassword('correct horse', defaultOptions.scryptLogN)
    expect(production).toMatch(/^scrypt\$17\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(await verifyPassword('correct horse', production)).toBe(true)
    expect(await verifyPassword('correct horsE', production)).toBe(false)
    // A demo's cheap hash (SCRYPT_LOG_N) still verifies where the server's cost is higher.
    const cheap = await hashPassword('correct horse', 10)
    expect(cheap.startsWith('scrypt$10$')).toBe(true)
    expect(await verifyPassword('correct horse', cheap)).toBe(true)
    expect(await verifyPassword('correct horse', 'bcrypt$10$x$y')).toBe(false)
  })
})
