import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { DEMO_KEY_FILE } from '../auth/secret-box'

// The worker's whole program: PGlite is imported by the URL the server resolved, so it is found
// wherever the server runs from (tsx, or the bundle in dist-server/, which leaves PGlite out).
const program = `
const { parentPort, workerData } = require('node:worker_threads')
// On Linux a thread's nice value is its own: the server's thread and a build beside it go first.
try { require('node:os').setPriority(19) } catch {}
import(workerData.pglite)
  .then(async ({ PGlite }) => {
    const db = await PGlite.create(workerData.dir)
    await db.close()
    parentPort.postMessage('initialized')
  })
  .catch((error) => parentPort.postMessage(String(error && error.stack ? error.stack : error)))
`

/** Whether `dataDir` holds a PostgreSQL cluster already (initdb writes PG_VERSION). */
export const initialized = (dataDir: string) => existsSync(`${dataDir}/PG_VERSION`)

/**
 * Creates the PostgreSQL cluster of a new embedded database (PGlite runs initdb: seconds) in a
 * worker thread, so the server's own thread stays free to answer the console's pages meanwhile
 * (server/http/pages-first.ts); PGlite then opens the cluster on the server's thread in a fraction
 * of that. The cluster is made beside `dataDir` and moved into place when complete, so a start
 * stopped halfway leaves no half-made cluster behind (the next start clears what it left).
 */
export async function initdbOffThread(dataDir: string): Promise<void> {
  // The demo's key for second-factor secrets may be there first: a demo server on PostgreSQL
  // keeps it in DATA_DIR too, and the same machine's next start may be the embedded one.
  const kept = existsSync(join(dataDir, DEMO_KEY_FILE)) ? [DEMO_KEY_FILE] : []
  if (existsSync(dataDir) && readdirSync(dataDir).some((name) => !kept.includes(name))) {
    throw new Error(
      `${dataDir} holds files but no database: give DATA_DIR an empty or new directory`,
    )
  }
  const making = `${dataDir}.initializing`
  rmSync(making, { recursive: true, force: true })
  const worker = new Worker(program, {
    eval: true,
    workerData: { pglite: import.meta.resolve('@electric-sql/pglite'), dir: making },
  })
  const outcome = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: unknown) => resolve(String(message)))
    worker.once('error', reject)
    worker.once('exit', (code) => resolve(`the initdb worker stopped with exit code ${code}`))
  })
  await worker.terminate()
  if (outcome !== 'initialized') {
    rmSync(making, { recursive: true, force: true })
    throw new Error(`Could not create the embedded database in ${dataDir}: ${outcome}`)
  }
  // An empty directory (one an operator made for DATA_DIR, say) gives way to the new cluster; the
  // key moves into it first.
  for (const name of kept) renameSync(join(dataDir, name), join(making, name))
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(making, dataDir)
}
