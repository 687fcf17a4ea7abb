import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// Factor secrets at rest (decision 077): AES-256-GCM under a key from the environment
// (MFA_ENCRYPTION_KEY), never stored in the database. A sealed value is
// `v1.<iv>.<tag>.<ciphertext>`, base64url, with the owner's kind and id as associated data, so a
// secret copied onto another user's row, or a webhook's onto a user's, does not open. Webhook
// signing secrets (decision 081) are sealed the same way, owned by their endpoint.

/** Whose secret: a person's factor, or a webhook endpoint's signing secret. */
export type SecretOwner = 'user' | 'webhook'

export interface SecretBox {
  seal(plain: string, ownerId: number, owner?: SecretOwner): string
  open(sealed: string, ownerId: number, owner?: SecretOwner): string | null
}

const VERSION = 'v1'

export function secretBox(keyText: string): SecretBox {
  // The setting may be any text of 32 characters or more: HKDF makes the 32-byte key of it.
  const key = Buffer.from(hkdfSync('sha256', keyText, 'access-console', 'factor secrets v1', 32))
  return {
    seal(plain, ownerId, owner = 'user') {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(`${owner}:${ownerId}`))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))
      return [VERSION, ...parts].join('.')
    },
    open(sealed, ownerId, owner = 'user') {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAAD(Buffer.from(`${owner}:${ownerId}`))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ])
        return plain.toString('utf8')
      } catch {
        return null
      }
    },
  }
}

/** The demo key's file in DATA_DIR; a new embedded database there keeps it (initdb-off-thread.ts). */
export const DEMO_KEY_FILE = 'mfa-encryption.key'

/**
 * The demo's key when MFA_ENCRYPTION_KEY is unset (config.ts refuses that outside demo mode): kept
 * in a file in DATA_DIR beside the embedded database, so a restart still opens the secrets; made
 * once, and `made` says so for the one log line. An in-memory database gets a key for this run.
 */
export function demoKey(dataDir: string): { key: string; made: boolean; where: string | null } {
  if (dataDir.startsWith('memory://')) {
    return { key: randomBytes(32).toString('base64url'), made: true, where: null }
  }
  const path = join(dataDir, DEMO_KEY_FILE)
  if (existsSync(path)) return { key: readFileSync(path, 'utf8').trim(), made: false, where: path }
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('base64url')
  try {
    // `wx`: of two servers starting together on one DATA_DIR, one writes and the other reads.
    writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' })
  } catch {
    return { key: readFileSync(path, 'utf8').trim(), made: false, where: path }
  }
  return { key, made: true, where: path }
}

/** A fingerprint of the key for the logs (never the key): which key a server runs with. */
export const keyFingerprint = (keyText: string) =>
  createHash('sha256').update(keyText).digest('hex').slice(0, 8)
