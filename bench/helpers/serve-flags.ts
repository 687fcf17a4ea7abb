import { readFileSync } from 'node:fs'

/**
 * The V8 flags the server runs with, read from package.json's `serve` script (the operators'
 * command, docs/operations.md): a bench's server process gets the same garbage collector settings.
 */
export function serveFlags(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }
  return pkg.scripts.serve.split(/\s+/).filter((word) => word.startsWith('--'))
}
