import { randomBytes } from 'node:crypto'
import type { Db } from './database'

/**
 * The key configured (an environment setting), else one generated once and kept in `settings`
 * under `setting`, so what it signs or digests survives a restart of the same database and every
 * server sharing it uses the same one: whichever starts first writes it, the others read it.
 */
export async function keptSecret(
  db: Db,
  setting: string,
  configured: string | null,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured)
  await db.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    setting,
    randomBytes(48).toString('base64url'),
  ])
  const [row] = await db.query<{ value: string }>('select value from settings where key = $1', [
    setting,
  ])
  if (!row) throw new Error(`${setting} missing`)
  return new TextEncoder().encode(row.value)
}
