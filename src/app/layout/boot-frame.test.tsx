// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test/render'
import { findRoute } from '../../contract/route-match'
import { routes } from '../routes'
import { BOOT_FRAME_DELAY_MS, BootFrame } from './boot-frame'

const audits = findRoute(routes, '/audits') ?? undefined

beforeEach(() => {
  // performance.now() is the time since the navigation began; faked with the timers, it starts
  // where the test sets it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const bar = () => screen.queryByRole('progressbar', { name: 'Loading screen' })

describe('BootFrame', () => {
  it('paints nothing while the load is young, so a quick load goes straight to its screen', () => {
    vi.advanceTimersByTime(40)
    const { container } = renderWithI18n(<BootFrame route={audits} />)
    expect(container.childElementCount).toBe(0)
    act(() => void vi.advanceTimersByTime(BOOT_FRAME_DELAY_MS - 40 - 1))
    expect(container.childElementCount).toBe(0)
  })

  it('shows the loading bar and the screen’s heading once the load has taken the delay', () => {
    vi.advanceTimersByTime(40)
    renderWithI18n(<BootFrame route={audits} />)
    act(() => void vi.advanceTimersByTime(BOOT_FRAME_DELAY_MS - 40))
    expect(bar()).not.toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy()
  })

  it('shows at once when the delay is long past, as after a sign-in', () => {
    vi.advanceTimersByTime(5_000)
    renderWithI18n(<BootFrame route={audits} />)
    expect(bar()).not.toBeNull()
  })
})
