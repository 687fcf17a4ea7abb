// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import { ApiError } from '../api/api-error'
import { requestRelease } from '../api/lockdowns'
import type { Lockdown } from '../contract/lockdowns'
import { useLockdown } from './use-lockdown'

// The host of the lockdown machine between the poll and the requests: what the poll said while a
// request was out must not be lost to the refusal that follows it.

const ME = 1
const OTHER = 2

vi.mock('../session/session-context', () => ({
  useSession: () => ({ user: { user_id: ME }, can: () => true }),
}))
vi.mock('../api/lockdowns', async (original) => ({
  ...(await original<typeof import('../api/lockdowns')>()),
  requestRelease: vi.fn(),
  refetchAfterLockdown: vi.fn(),
}))

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const at = '2026-12-04T10:00:00.000Z'

function lockdown(requestedBy: number | null): Lockdown {
  return {
    lockdown_id: 5,
    organization_id: 1,
    scope_type: 'location',
    scope_id: 3,
    scope_name: 'Acme Warehouse',
    reason: 'Intruder',
    state: requestedBy === null ? 'active' : 'release_requested',
    started_by: { user_id: OTHER, email: 'admin@demo.local' },
    started_at: at,
    release:
      requestedBy === null
        ? null
        : {
            requested_by: { user_id: requestedBy, email: 'admin@demo.local' },
            reason: 'All clear',
            requested_at: at,
            expires_at: '2026-12-04T10:15:00.000Z',
            state: 'pending',
            approved_by: null,
            approved_at: null,
          },
    released_at: null,
    devices: { pending: 0, locked: 4, not_reached: 0, failed: 0 },
  }
}

function wrapper({ children }: { children: ReactNode }) {
  loadLocale('en')
  return (
    <QueryClientProvider client={new QueryClient()}>
      <TypesafeI18n locale="en">{children}</TypesafeI18n>
    </QueryClientProvider>
  )
}

const releasePending = new ApiError('HTTP', 'conflict', {
  status: 409,
  data: {
    error: 'conflict',
    message: 'A release request already waits.',
    rule: 'release_pending',
    params: {},
  },
})

describe('useLockdown', () => {
  it('hands a refusal the poll answer that came while its request was out', async () => {
    let refuse: (error: unknown) => void = () => undefined
    vi.mocked(requestRelease).mockReturnValue(
      new Promise((_, reject) => {
        refuse = reject
      }),
    )
    const { result, rerender } = renderHook(({ shown }) => useLockdown(shown), {
      wrapper,
      initialProps: { shown: lockdown(null) },
    })
    expect(result.current.state).toBe('active')
    act(() => result.current.actor.send({ type: 'release.open' }))
    act(() => result.current.confirmRequest('All clear'))
    expect(result.current.state).toBe('requesting')
    // The other person asked first; the page's poll brings it while this request is out.
    rerender({ shown: lockdown(OTHER) })
    expect(result.current.state).toBe('requesting')
    await act(async () => {
      refuse(releasePending)
      await Promise.resolve()
    })
    expect(result.current.state).toBe('requestRefused')
    expect(result.current.reason).toBe('A release request already waits for its second person.')
    act(() => result.current.actor.send({ type: 'error.dismiss' }))
    expect(result.current.state).toBe('releaseRequested')
    expect(result.current.approveOffered).toBe(true)
  })
})
