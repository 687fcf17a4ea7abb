import { existsSync } from 'node:fs'
import autocannon from 'autocannon'
import { startServer } from '../../server/main'
import { machineLine } from './machine'

// The in-process server the access and door-mode benches measure, and their control line.

const BUILT = existsSync('dist/index.html')

/** The reference server in this process, on in-memory PGlite or `databaseUrl`, nothing seeded. */
export function startInProcess(databaseUrl: string | null) {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl,
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: BUILT ? 'dist' : 'bench/no-dist',
  })
}

/** The control: a page from the build (or, not built, the health answer), no database. */
export async function controlLine(url: string) {
  const control = await autocannon({
    url: `${url}${BUILT ? '/login' : '/health'}`,
    connections: 10,
    duration: 3,
  })
  return `  control: GET ${BUILT ? '/login (static)' : '/health (not built)'} ${Math.round(control.requests.average).toLocaleString('en')} req/s, p99 ${control.latency.p99} ms; ${machineLine()}\n`
}
