import { describe, expect, it } from 'vitest'
import { AUDIT_PATH, PROFILE_PATH, requestPath } from '../../contract/api-paths'
import { FIRST_WINDOW, firstRequests } from '../../contract/first-requests'
import { WINDOW_SIZE, windowQuery } from './use-windowed-rows'

// The first requests of a signed-in load must be the requests the table makes, or their answers
// would never be used.

describe('the first requests of a signed-in load', () => {
  it('ask for the window the table requests first', () => {
    expect(FIRST_WINDOW).toEqual({ start: 0, length: WINDOW_SIZE })
  })

  it('are the profile alone on a screen without early data', () => {
    expect(firstRequests('/users', '')).toEqual([PROFILE_PATH])
    expect(firstRequests('/', '?q=x')).toEqual([PROFILE_PATH])
  })

  it("are /audits' first window, as the table will ask for it, then the profile", () => {
    const [window, profile] = firstRequests('/audits', '?sort=device_name&dir=asc&q=Lobby')
    const query = windowQuery({ orderBy: 'device_name', orderDirection: 'asc', search: 'Lobby' }, 0)
    expect(window).toBe(requestPath({ path: AUDIT_PATH, query }))
    expect(profile).toBe(PROFILE_PATH)
    expect(firstRequests('/audits', '')[0]).toBe(
      requestPath({
        path: AUDIT_PATH,
        query: windowQuery({ orderBy: 'audit_id', orderDirection: 'desc', search: '' }, 0),
      }),
    )
  })
})
