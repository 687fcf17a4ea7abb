// The server as one file for plain node: `dist-server/main.mjs` (and the migrations beside it,
// server/db/migrate.ts reads them from its own folder). Packages stay imports from node_modules;
// only the server's own TypeScript (and src/contract) is compiled into it. A start through tsx's
// loader spent ≈ 0.7 s resolving and compiling ~130 modules one by one; this build takes ≈ 0.1 s
// (docs/boot.md, "Start-up"). Plain JavaScript, so that `npm start` needs no loader to run it.
//   node scripts/build-server.mjs        (npm run build runs it; npm start runs it at every start)
import { cpSync, rmSync } from 'node:fs'
import process from 'node:process'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

export const SERVER_DIR = 'dist-server'

/**
 * Bundles `entries` (name → source; `main` is server/main.ts) into SERVER_DIR as `<name>.mjs`,
 * from the sources as they are now, and copies the migrations beside them.
 */
export async function buildServer(entries = { main: 'server/main.ts' }) {
  rmSync(SERVER_DIR, { recursive: true, force: true })
  await build({
    entryPoints: entries,
    outdir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
  })
  cpSync('server/db/migrations', `${SERVER_DIR}/migrations`, { recursive: true })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer()
