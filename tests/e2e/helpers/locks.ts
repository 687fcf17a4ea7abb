import type { Page } from '@playwright/test'
import { apiAs } from './session'

/** A seeded smart lock, as the device list answers it. */
export interface SeededLock {
  device_id: number
  name: string
  capabilities: string[]
  current_status: { connected: boolean }
}

/** The seeded smart locks as the holder of `token` sees them, read through the API itself. */
export async function seededLocks(page: Page, token: string | null): Promise<SeededLock[]> {
  const path = '/sbm/v1/devices?search=Smart%20lock&length=100'
  return (await apiAs<{ data: SeededLock[] }>(page, token, 'GET', path)).data
}

/** Whether a lock is connected and may be force-unlocked: what a command's every step can reach. */
export const commandable = (lock: SeededLock) =>
  lock.current_status.connected && lock.capabilities.includes('remotely_force_unlock')
