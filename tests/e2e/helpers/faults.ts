import { expect, type BrowserContext, type Page, type Route } from '@playwright/test'
import type { FaultScreen, ScreenKind } from './fault-table'

// The faults of docs/faults.md: what a user's network or server can do to any one call.

export const RETRY_AFTER_SECONDS = 7

export interface Fault {
  name: string
  /** Before the page loads (the timeout fault takes over the page's clock). */
  setup?: (page: Page) => Promise<void>
  /** Starts failing the screen's call; the returned function ends the fault. */
  inject: (page: Page, context: BrowserContext, screen: FaultScreen) => Promise<() => Promise<void>>
  /** Anything the fault needs after the call was made before its effect shows. */
  surface?: (page: Page, shown: () => Promise<boolean>) => Promise<void>
  /** What the user reads, in plain words. */
  message: string
  /** The console tries again by itself once the fault ends (lists and details on reconnect). */
  healsItself?: readonly ScreenKind[]
}

const text = {
  server: 'Oops! Something went wrong. Please try again later or contact support.',
  timeout: 'The server took too long to answer. Please try again.',
  parsing: 'The server sent an answer this console does not understand.',
  offline: 'You are offline. The console tries again when the connection is back.',
  throttled: `The server is busy. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
}

/** The palette says the same for every fault: typing on is its way to try again. */
export const SEARCH_FAILED = 'Search is not available right now. Keep typing to try again.'

/** Answers the screen's call with `answer` until the returned function is called. */
async function answerCalls(
  page: Page,
  screen: FaultScreen,
  answer: (route: Route) => Promise<void>,
): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const request = route.request()
    if (screen.call({ method: request.method(), url: new URL(request.url()) })) await answer(route)
    else await route.fallback()
  }
  await page.route('**/*', handler)
  return () => page.unroute('**/*', handler)
}

const fulfill =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  (route: Route) =>
    route.fulfill({ status, body, headers: { 'Content-Type': 'application/json', ...headers } })

export const faults: readonly Fault[] = [
  {
    name: '500',
    inject: (page, _context, screen) =>
      answerCalls(
        page,
        screen,
        fulfill(500, JSON.stringify({ error: 'internal', message: 'Internal server error' })),
      ),
    message: text.server,
  },
  {
    name: 'timeout',
    setup: (page) => page.clock.install(),
    inject: async (page, _context, screen) => {
      const held: Route[] = []
      const end = await answerCalls(page, screen, (route) => {
        held.push(route)
        return Promise.resolve()
      })
      return async () => {
        await end()
        // The console gave up on these long ago; the browser may already have dropped them.
        for (const route of held) await route.abort().catch(() => undefined)
      }
    },
    // No answer comes: jump past the console's timeout (and its automatic retries) until it says so.
    // Between jumps the page gets a moment of real time: a retry (or a request started late, after
    // the screen's code loaded) sends its request, and arms its timeout, only after a jump is over.
    surface: async (page, shown) => {
      for (let jump = 0; jump < 12 && !(await shown()); jump += 1) {
        await page.clock.fastForward(31_000)
        await page.waitForTimeout(250)
      }
    },
    message: text.timeout,
  },
  {
    name: 'malformed JSON',
    inject: (page, _context, screen) => answerCalls(page, screen, fulfill(200, '{"data": [')),
    message: text.parsing,
  },
  {
    name: 'contract violation',
    inject: (page, _context, screen) =>
      answerCalls(page, screen, fulfill(200, JSON.stringify({ unexpected: true }))),
    message: text.parsing,
  },
  {
    name: 'offline',
    inject: async (page, context) => {
      await context.setOffline(true)
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false)
      return () => context.setOffline(false)
    },
    message: text.offline,
    healsItself: ['list', 'detail'],
  },
  {
    name: '429 Retry-After',
    inject: (page, _context, screen) =>
      answerCalls(
        page,
        screen,
        fulfill(429, JSON.stringify({ error: 'throttled', message: 'Too many requests' }), {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        }),
      ),
    message: text.throttled,
  },
]
