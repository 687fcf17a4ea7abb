// The server as one file for plain node: `dist-server/main.mjs` (and the migrations beside it:
// server/db/migrate.ts reads them from its own folder), and `dist-server/start.mjs`, the same with
// scripts/start.ts in front (`npm start`). A start through tsx's loader spent ≈ 0.7 s resolving and
// compiling the server's modules one by one, and node's loader ≈ 0.2 s more on the packages' files
// (docs/boot.md, "Start-up"): the packages are bundled too, all but PGlite, which finds its
// WebAssembly, file system image and extensions beside its own files. Plain JavaScript, so that
// `npm start` needs no loader to run it.
//   node scripts/build-server.mjs        (npm run build and npm start run it)
import { createHash } from 'node:crypto'
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const SERVER_DIR = 'dist-server'
const MIGRATIONS = 'server/db/migrations'
const ENTRIES = { main: 'server/main.ts', start: 'scripts/start.ts' }
// esbuild itself is loaded only to build (≈ 0.1 s): an unchanged server needs its version only.
const { version } = createRequire(import.meta.url)('esbuild/package.json')
/** The files the last bundle was made of (esbuild's metafile) and their digest. */
const STAMP = join(SERVER_DIR, 'inputs.json')

/** The bytes of every file the bundle read, of the migrations, and of what makes it (this file). */
function digestOf(inputs) {
  const hash = createHash('sha256')
    .update(`${version}\0`)
    .update(readFileSync(fileURLToPath(import.meta.url)))
  const migrations = readdirSync(MIGRATIONS)
    .sort()
    .map((name) => join(MIGRATIONS, name))
  for (const file of [...inputs, ...migrations]) {
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

function current() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'))
    return stamp.digest === digestOf(stamp.inputs)
  } catch {
    // No stamp, or an input gone: build.
    return false
  }
}

/**
 * Bundles the server from its sources as they are now, unless dist-server/ was bundled from these
 * very files (a new import can only come from a changed file); answers whether it built.
 */
export async function buildServer() {
  if (current()) return false
  const { build, stop } = await import('esbuild')
  rmSync(SERVER_DIR, { recursive: true, force: true })
  const { metafile } = await build({
    entryPoints: ENTRIES,
    outdir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // pg-native: pg's optional native driver, never installed here.
    external: ['@electric-sql/pglite', 'pg-native'],
    // The CommonJS packages' require() of node's modules, in an ES module.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  // esbuild's service process would otherwise live as long as the server it built.
  await stop()
  cpSync(MIGRATIONS, join(SERVER_DIR, 'migrations'), { recursive: true })
  const inputs = Object.keys(metafile.inputs).sort()
  writeFileSync(STAMP, JSON.stringify({ digest: digestOf(inputs), inputs }))
  return true
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer()
