import { Hono } from 'hono'
import { apiPrefixes } from '../../src/contract/api-paths'
import type { AppEnv } from '../context'
import { pageHeaders } from './page-headers'
import { registerStatic } from './static'

/** The console's pages and files (and /health): what needs no database. */
export const needsNoDatabase = (method: string, path: string) =>
  path === '/health' ||
  ((method === 'GET' || method === 'HEAD') &&
    path !== '/ready' &&
    path !== '/metrics' &&
    !apiPrefixes.some((prefix) => path.startsWith(prefix)))

export type Fetch = (request: Request, env: unknown) => Response | Promise<Response>

/**
 * What a first start (`npm start`, server/main.ts) answers while its database is still opening
 * (on a fresh data directory: initdb and the migrations, seconds): the console's pages and files
 * and /health at once, with the pages' security headers; every other request (the API, /ready,
 * /metrics, a page's first answers) waits until the server is open and then gets its answer.
 * Once open, the server answers everything itself and this is no longer asked.
 */
export function pagesFirst(
  distDir: string,
  bootAnswersBudgetMs: number,
  opening: Promise<{ app: { fetch: Fetch } }>,
): Fetch {
  const early = new Hono<AppEnv>()
  const later: Fetch = async (request, env) => (await opening).app.fetch(request, env)
  early.use('*', async (c, next) => {
    if (!needsNoDatabase(c.req.method, c.req.path)) return later(c.req.raw, c.env)
    await next()
  })
  early.use('*', pageHeaders())
  early.get('/health', (c) => c.json({ status: 'ok' as const }))
  registerStatic(early, distDir, bootAnswersBudgetMs)
  // A file the build does not have: the open server's own answer (its 404).
  early.notFound((c) => later(c.req.raw, c.env))
  return (request, env) => early.fetch(request, env)
}
