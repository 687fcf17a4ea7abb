import { BOOT_ANSWERS_ID, isBootAnswers, tokenMark } from '../contract/boot-answers'
import { getAccessToken } from './tokens'
import { buildUrl } from './urls'

/** An early answer read whole as it arrived, so it can be handed out again as a Response. */
type Answer = { status: number; statusText: string; headers: Headers; text: string }

type Early = {
  token: string
  at: number
  answer: Promise<Answer>
  settled: Answer | null
  /** Set once peekEarlyGet handed the JSON out: from then on only peeks get it. */
  peeked: { json: unknown; at: number } | null
}

// An early answer older than this is not handed out: the screen asked too late for it to be fresh.
const MAX_AGE_MS = 5_000
// A peeked answer is peeked again only this soon after: the render that asked for it may rebuild
// the query that took it; a screen opened again later fetches anew (requirements R4.5).
const PEEK_AGAIN_MS = 1_000
// Statuses whose Response may not carry a body.
const NO_BODY = new Set([101, 204, 205, 304])
const started = new Map<string, Early>()

/**
 * The answers the server wrote into the page (contract/boot-answers.ts), by URL, removing the
 * block. They count only when they were fetched with the token stored now (another tab may have
 * signed in as someone else since the page was asked for); a block that is not the expected shape
 * counts as none, and the requests go out as usual.
 */
function readPageAnswers(): Map<string, Answer> {
  const found = new Map<string, Answer>()
  const block = document.getElementById(BOOT_ANSWERS_ID)
  if (block === null) return found
  block.remove()
  const token = getAccessToken()
  let page: unknown
  try {
    page = JSON.parse(block.textContent ?? '')
  } catch {
    return found
  }
  if (token === null || !isBootAnswers(page) || page.for !== tokenMark(token)) return found
  for (const [path, text] of Object.entries(page.answers)) {
    const headers = new Headers({ 'Content-Type': 'application/json' })
    found.set(buildUrl({ path }), { status: 200, statusText: 'OK', headers, text })
  }
  return found
}

/**
 * The page's answers. The signed-in page is streamed and its entry is async (scripts/
 * signed-in-html.ts), so the entry usually runs while the server is still writing them: the page
 * is then still loading, and they are read once it has been parsed. A page that has been parsed is
 * read at once.
 */
function pageAnswers(): Promise<Map<string, Answer>> | Map<string, Answer> {
  if (typeof document === 'undefined') return new Map()
  if (document.readyState !== 'loading') return readPageAnswers()
  // Even a block already there may be half written: its text grows as the page arrives.
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(readPageAnswers()), { once: true }),
  )
}
const inPage = pageAnswers()

function takeArrived(answers: Map<string, Answer>) {
  const token = getAccessToken()
  if (token === null) return
  for (const [url, settled] of answers)
    started.set(url, {
      token,
      at: Date.now(),
      settled,
      peeked: null,
      answer: Promise.resolve(settled),
    })
}
if (inPage instanceof Map) takeArrived(inPage)

/**
 * True when the page came with the boot's first answers in it, or is still bringing them (main.tsx
 * then loads the shell at once: nothing waits for a request of the entry's).
 */
export const answersInPage = inPage instanceof Map ? inPage.size > 0 : true

function fetchAnswer(url: string, token: string): Promise<Answer> {
  return fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  }).then(async (response) => {
    const { status, statusText, headers } = response
    return { status, statusText, headers, text: await response.text() }
  })
}

/**
 * Starts GET `url` now with the stored access token, so a deep link's first data travels beside the
 * profile request instead of after it (app/boot-requests.ts, dashboard-prefetch.ts). The body is read as soon as
 * it arrives, while the main thread waits for the profile: the screen then finds it in hand
 * (peekEarlyGet) instead of reading it after its first render. The client's first GET of exactly
 * this URL with the same token takes the response; a 401 then refreshes and retries as any other
 * request does. With `inPageFirst` (one of the page's first requests, contract/first-requests.ts,
 * which the server answers in the page) and the page still arriving, it is sent only if the page
 * ends without its answer.
 */
export function startEarlyGet(url: string, inPageFirst = false) {
  const token = getAccessToken()
  if (token === null || started.has(url)) return
  const answer =
    inPageFirst && inPage instanceof Promise
      ? inPage.then((answers) => {
          const fromPage = answers.get(url)
          if (fromPage === undefined) return fetchAnswer(url, token)
          // Fresh from the moment it arrived, however long the page took.
          early.at = Date.now()
          return fromPage
        })
      : fetchAnswer(url, token)
  const early: Early = {
    token,
    at: Date.now(),
    settled: null,
    peeked: null,
    answer: answer.then((settled) => (early.settled = settled)),
  }
  // A failure surfaces when the client takes the response; nobody taking it is not an error.
  early.answer.catch(() => undefined)
  started.set(url, early)
}

/** The early request for `url` sent with `token`, if it is still fresh; a stale one is dropped. */
function usable(url: string, token: string | null): Early | null {
  const early = started.get(url)
  if (early === undefined) return null
  if (early.token === token && Date.now() - early.at <= MAX_AGE_MS) return early
  started.delete(url)
  return null
}

/**
 * The early response for `url` sent with `token`, once; null when there is none, it is stale, or a
 * peek has already handed its data out (a request made after that wants a fresh answer).
 */
export function takeEarlyGet(url: string, token: string | null): Promise<Response> | null {
  const early = usable(url, token)
  started.delete(url)
  if (early === null || early.peeked !== null) return null
  return early.answer.then(
    ({ text, ...init }) => new Response(NO_BODY.has(init.status) ? null : text, init),
  )
}

/**
 * The early answer's JSON for `url` sent with `token`, if it has already arrived with a 2xx status.
 * Peeks within PEEK_AGAIN_MS of the first get the same JSON (a query cache may drop and rebuild the
 * entry it seeded while it renders); takeEarlyGet no longer hands it out. Anything else (still
 * travelling, refused, not JSON) is left to the client's request, which reports it as usual.
 */
export function peekEarlyGet(url: string, token: string | null): unknown {
  const early = usable(url, token)
  const settled = early?.settled
  if (!early || !settled || settled.status < 200 || settled.status >= 300) return undefined
  if (early.peeked === null) {
    try {
      early.peeked = { json: JSON.parse(settled.text) as unknown, at: Date.now() }
    } catch {
      started.delete(url)
      return undefined
    }
  } else if (Date.now() - early.peeked.at > PEEK_AGAIN_MS) {
    started.delete(url)
    return undefined
  }
  return early.peeked.json
}
