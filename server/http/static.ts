import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { App } from '../context'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}

/** Paths that belong to the API: never answered with the console's index.html. */
export const apiPrefixes = [
  '/auth/',
  '/org/',
  '/sbm/',
  '/access/',
  '/notify',
  '/upload',
  '/dev/',
  '/health',
]

/**
 * The built console from dist/: hashed assets cached for a year, index.html never cached, and
 * every extension-less GET outside the API answered with index.html (client-side routing).
 */
export function registerStatic(app: App, distDir: string) {
  const root = resolve(distDir)
  app.get('*', async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    if (apiPrefixes.some((p) => path.startsWith(p))) return next()
    const ext = extname(path)
    if (!existsSync(join(root, 'index.html'))) {
      if (ext !== '') return next()
      return c.text('Console not built: run npm run build', 503)
    }
    if (ext === '') {
      c.header('Cache-Control', 'no-cache')
      return c.html(await readFile(join(root, 'index.html'), 'utf8'))
    }
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return next()
    const immutable = path.startsWith('/assets/')
    c.header('Content-Type', contentTypes[ext] ?? 'application/octet-stream')
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    return c.body(await readFile(file))
  })
}
