// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BOOT_ANSWERS_ID, BOOT_TOKEN_COOKIE, tokenMark } from '../contract/boot-answers'
import { SIGNED_IN_HINT_COOKIE } from '../contract/boot-hint'

// The answers the server wrote into the page (contract/boot-answers.ts), as early-get.ts takes them
// when the entry starts; and the cookies that ask for them (tokens.ts).

const WINDOW = '/sbm/v1/devices/audit?start=0&length=100'
const PROFILE = '/org/v1/users/me'

/** early-get.ts evaluated afresh on a page holding `block` (its text), as an entry would. */
async function bootWith(block: string | null) {
  document.body.innerHTML = ''
  putBlock(block)
  vi.resetModules()
  return import('./early-get')
}

function putBlock(block: string | null) {
  if (block !== null) {
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = BOOT_ANSWERS_ID
    script.textContent = block
    document.body.append(script)
  }
}

const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null

describe('answers in the page', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{"fetched":true}')))
  const answersFor = (token: string) =>
    JSON.stringify({
      for: tokenMark(token),
      answers: { [WINDOW]: '{"data":[1]}', [PROFILE]: '{"user_id":7}' },
    })
  const answers = answersFor('token-1')

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.setItem('access_token', 'token-1')
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockClear()
    localStorage.clear()
  })

  it('are taken as arrived answers: peeked and taken without a request', async () => {
    const early = await bootWith(answers)
    expect(early.answersInPage).toBe(true)
    expect(document.getElementById(BOOT_ANSWERS_ID)).toBeNull()
    early.startEarlyGet(WINDOW)
    early.startEarlyGet(PROFILE)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(early.peekEarlyGet(WINDOW, 'token-1')).toEqual({ data: [1] })
    const profile = await early.takeEarlyGet(PROFILE, 'token-1')
    expect(profile?.status).toBe(200)
    expect(await profile?.json()).toEqual({ user_id: 7 })
  })

  it('are not handed to a request made with another token', async () => {
    const early = await bootWith(answers)
    expect(early.takeEarlyGet(PROFILE, 'token-2')).toBeNull()
  })

  it('are ignored when fetched with a token other than the one stored now', async () => {
    // Another tab signed in as someone else after this page was asked for.
    localStorage.setItem('access_token', 'token-of-another-user')
    const early = await bootWith(answers)
    expect(early.answersInPage).toBe(false)
    early.startEarlyGet(PROFILE)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('are ignored when the block is not the expected shape, and the requests go out', async () => {
    const wrong = [
      '{not json',
      '[]',
      JSON.stringify({ [PROFILE]: '{}' }),
      JSON.stringify({ for: tokenMark('token-1'), answers: { [PROFILE]: { user_id: 7 } } }),
    ]
    for (const block of wrong) {
      fetchMock.mockClear()
      const early = await bootWith(block)
      expect(early.answersInPage).toBe(false)
      early.startEarlyGet(PROFILE)
      expect(fetchMock).toHaveBeenCalledTimes(1)
    }
  })

  it('are none on a page without the block', async () => {
    expect((await bootWith(null)).answersInPage).toBe(false)
  })

  describe('while the page is still arriving (the entry is async)', () => {
    beforeEach(() => {
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    })
    afterEach(() => {
      vi.restoreAllMocks()
      // No listener of one test is left for the next.
      document.dispatchEvent(new Event('DOMContentLoaded'))
    })

    const arrive = (block: string | null) => {
      putBlock(block)
      document.dispatchEvent(new Event('DOMContentLoaded'))
    }

    it('wait for a block that is still being written', async () => {
      // The parser has added the element; the rest of its text is still on the way.
      const early = await bootWith(answers.slice(0, 40))
      expect(early.answersInPage).toBe(true)
      early.startEarlyGet(PROFILE, true)
      const profile = early.takeEarlyGet(PROFILE, 'token-1')
      const block = document.getElementById(BOOT_ANSWERS_ID)
      if (block) block.textContent = answers
      document.dispatchEvent(new Event('DOMContentLoaded'))
      expect(await (await profile)?.json()).toEqual({ user_id: 7 })
      expect(fetchMock).not.toHaveBeenCalled()
    })

    it('wait for the page for its first requests, and send none when it brings them', async () => {
      const early = await bootWith(null)
      expect(early.answersInPage).toBe(true)
      early.startEarlyGet(WINDOW, true)
      early.startEarlyGet(PROFILE, true)
      const profile = early.takeEarlyGet(PROFILE, 'token-1')
      expect(early.peekEarlyGet(WINDOW, 'token-1')).toBeUndefined()
      arrive(answers)
      expect(await (await profile)?.json()).toEqual({ user_id: 7 })
      expect(early.peekEarlyGet(WINDOW, 'token-1')).toEqual({ data: [1] })
      expect(fetchMock).not.toHaveBeenCalled()
      expect(document.getElementById(BOOT_ANSWERS_ID)).toBeNull()
    })

    it('send a first request the page ended without', async () => {
      const early = await bootWith(null)
      early.startEarlyGet(WINDOW, true)
      early.startEarlyGet(PROFILE, true)
      const window = early.takeEarlyGet(WINDOW, 'token-1')
      // The server left the window out: it missed the budget.
      arrive(JSON.stringify({ for: tokenMark('token-1'), answers: { [PROFILE]: '{"user_id":7}' } }))
      expect(await (await window)?.json()).toEqual({ fetched: true })
      expect(fetchMock).toHaveBeenCalledTimes(1)
      expect(fetchMock).toHaveBeenCalledWith(WINDOW, expect.anything())
    })

    it('send the first requests when the page ends with answers for another token', async () => {
      const early = await bootWith(null)
      early.startEarlyGet(PROFILE, true)
      const profile = early.takeEarlyGet(PROFILE, 'token-1')
      arrive(answersFor('token-of-another-user'))
      expect(await (await profile)?.json()).toEqual({ fetched: true })
    })

    it('send other requests at once', async () => {
      const early = await bootWith(null)
      early.startEarlyGet('/sbm/v1/devices?triage=1')
      expect(fetchMock).toHaveBeenCalledTimes(1)
    })
  })
})

describe('the boot cookies', () => {
  afterEach(() => localStorage.clear())

  it('carry the hint and the access token while a session is stored, never the refresh token', async () => {
    const tokens = await import('./tokens')
    tokens.saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1' })
    expect(cookie(SIGNED_IN_HINT_COOKIE)).toBe('1')
    expect(cookie(BOOT_TOKEN_COOKIE)).toBe('access-1')
    expect(document.cookie).not.toContain('refresh-1')

    tokens.saveTokens({ access_token: 'access-2', refresh_token: 'refresh-2' })
    expect(cookie(BOOT_TOKEN_COOKIE)).toBe('access-2')

    tokens.clearTokens()
    expect(cookie(SIGNED_IN_HINT_COOKIE)).toBeNull()
    expect(cookie(BOOT_TOKEN_COOKIE)).toBeNull()
  })

  it('keep the access token no longer than it lives', async () => {
    const tokens = await import('./tokens')
    const jwt = (exp: number) =>
      ['e30', btoa(JSON.stringify({ exp })).replace(/=+$/, ''), 'signature'].join('.')
    const now = Math.floor(Date.now() / 1000)
    tokens.saveTokens({ access_token: jwt(now + 600), refresh_token: 'refresh-1' })
    expect(cookie(BOOT_TOKEN_COOKIE)).toBe(jwt(now + 600))
    tokens.saveTokens({ access_token: jwt(now - 1), refresh_token: 'refresh-1' })
    expect(cookie(BOOT_TOKEN_COOKIE)).toBeNull()
    expect(cookie(SIGNED_IN_HINT_COOKIE)).toBe('1')
    tokens.clearTokens()
  })
})
