import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { startServer } from '../../server/main'

/** Debian's Chromium as the browser benches drive it (CHROMIUM_PATH elsewhere), headless. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })

/**
 * The reference server in this process on a fresh in-memory database, serving the production
 * build (which must exist: the benches measure what users get, not the dev server).
 */
export async function startBuiltServer(seedAuditRows: number) {
  if (!existsSync('dist/index.html'))
    throw new Error('No production build: run npm run build first.')
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    seedAuditRows,
    logLevel: 'warn',
  })
}
