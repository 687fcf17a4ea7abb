// `npm start` builds the console only when what the build reads changed since the last build: a
// second start with nothing changed goes straight to the server (issue 51's start-up budget).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'

/** Everything `vite build` reads: the app's sources, the config and what it imports, the lock. */
const INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'src',
  'i18n',
  'machines',
  'public',
  'scripts',
]
/** Outside dist/, which the server serves, and which the build empties first. */
export const STAMP = 'node_modules/.cache/access-console/build-inputs'

/** A digest of every input file's path and bytes, and of the VITE_ variables the build inlines. */
export function inputsDigest(): string {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    if (!existsSync(input)) continue
    const files = statSync(input).isDirectory()
      ? readdirSync(input, { recursive: true, encoding: 'utf8' })
          .map((name) => join(input, name))
          .filter((path) => statSync(path).isFile())
          .sort()
      : [input]
    for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update('\0')
  }
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${value ?? ''}\0`)
  }
  return hash.digest('hex')
}

const current = (digest: string) =>
  existsSync('dist/index.html') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest

/** Runs `vite build` unless dist/ was built from these very inputs; answers whether it built. */
export async function buildIfStale(): Promise<boolean> {
  const digest = inputsDigest()
  if (current(digest)) return false
  process.stderr.write('Building the console: its sources changed since the last build…\n')
  const build = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve))
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`)
  mkdirSync(dirname(STAMP), { recursive: true })
  // A new file in its place: node_modules copied with hard links (cp -al) shares the old one.
  writeFileSync(`${STAMP}.new`, digest)
  renameSync(`${STAMP}.new`, STAMP)
  return true
}
