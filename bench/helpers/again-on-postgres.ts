import { spawn } from 'node:child_process'

/**
 * Runs `script` again with `--postgres` under scripts/with-postgres.sh (a throwaway PostgreSQL),
 * its output shown as it comes; a line saying so when no cluster starts or the run fails.
 */
export async function againOnPostgres(script: string) {
  const child = spawn(
    'bash',
    ['scripts/with-postgres.sh', 'node_modules/.bin/tsx', script, '--postgres'],
    { stdio: ['ignore', 'inherit', 'pipe'] },
  )
  let failure = ''
  child.stderr.on('data', (chunk: Buffer) => (failure += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) {
    process.stdout.write(`PostgreSQL: skipped or failed (${failure.trim().split('\n').at(-1)})\n`)
  }
}
