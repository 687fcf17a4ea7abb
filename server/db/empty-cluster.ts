import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// An in-memory database (`memory://`: the tests, the browser tests' servers, the benches) began
// with PGlite's initdb: 4.7 s of a core at every start on a quiet 2-core machine, against 1 s to
// load the same empty cluster from a dump (decision 086). The first in-memory start on a machine
// keeps PGlite's empty cluster in the system's temporary directory; later ones load it. The file
// is named after the PGlite build that made it (its module file's size and time), so another
// version never loads a cluster it did not make; it is written beside its name and renamed into
// place, so a start stopped halfway, or two starting together, never leave a partial file.

/** The dump of the empty cluster this PGlite build makes, in the temporary directory. */
export function clusterPath(): string {
  const module = statSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite')))
  return join(tmpdir(), `access-console-pglite-${module.size}-${Math.floor(module.mtimeMs)}.tar`)
}

/** The kept empty cluster, or null when there is none yet (or it cannot be read). */
export function keptCluster(): Blob | null {
  try {
    return new Blob([readFileSync(clusterPath())])
  } catch {
    return null
  }
}

/** Keeps `dump` (a fresh cluster's dumpDataDir) for the next in-memory start. */
export async function keepCluster(dump: Blob): Promise<void> {
  const path = clusterPath()
  const partial = `${path}.${process.pid}.partial`
  try {
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, path)
  } catch {
    // A full or read-only temporary directory costs the next start its initdb, nothing more.
    rmSync(partial, { force: true })
  }
}

/** A kept cluster PGlite could not open: removed, so the next start makes a good one. */
export function forgetCluster(): void {
  rmSync(clusterPath(), { force: true })
}
