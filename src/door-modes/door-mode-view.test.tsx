// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ModeTimeline } from '../contract/door-modes'
import { renderWithI18n } from '../test/render'
import { DoorModeView } from './door-mode-view'

afterEach(cleanup)

const schedule = { kind: 'schedule', schedule_id: 3, name: 'Office hours' } as const

// Berlin is UTC+1 in December: 07:00Z is 08:00 AM on the place's clock, 17:00Z is 06:00 PM.
const timeline: ModeTimeline = {
  door_id: 7,
  device_id: null,
  time_zone: 'Europe/Berlin',
  at: '2026-12-02T12:00:00Z',
  mode: 'unlocked',
  layer: { ...schedule, mode: 'unlocked' },
  under: [],
  changes: [
    { at: '2026-12-02T17:00:00Z', mode: 'locked', layer: { ...schedule, mode: 'locked' } },
    { at: '2026-12-03T07:00:00Z', mode: 'unlocked', layer: { ...schedule, mode: 'unlocked' } },
    { at: '2026-12-03T17:00:00Z', mode: 'locked', layer: { ...schedule, mode: 'locked' } },
  ],
  not_reached: [21],
}

describe('the door-mode panel', () => {
  it('asks why the door is unlocked and answers with the schedule, linked', () => {
    renderWithI18n(
      <DoorModeView
        name="Main entrance"
        timeline={timeline}
        setting={null}
        lockNames={new Map([[21, 'Lock – Main entrance']])}
      />,
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Why is Main entrance unlocked?',
    )
    expect(screen.getByTestId('door-mode-layer').textContent).toBe(
      'Unlock schedule Office hours: unlocked inside its hours',
    )
    expect(screen.getByRole('link', { name: 'Office hours' }).getAttribute('href')).toBe(
      '/schedules/view/3',
    )
    expect(screen.getByText('Times in Europe/Berlin.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Lock – Main entrance' }).getAttribute('href')).toBe(
      '/devices/view/21',
    )
  })

  it("lists the week's changes on the place's clock", () => {
    renderWithI18n(<DoorModeView name="Main entrance" timeline={timeline} setting={null} />)
    const items = within(screen.getByTestId('door-mode-changes')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Wed, Dec 2, 06:00 PM: locked · Unlock schedule Office hours',
      'Thu, Dec 3, 08:00 AM: unlocked · Unlock schedule Office hours',
      'Thu, Dec 3, 06:00 PM: locked · Unlock schedule Office hours',
    ])
  })

  it('is one tab stop whose arrows, Home and End move focus from change to change', () => {
    renderWithI18n(<DoorModeView name="Main entrance" timeline={timeline} setting={null} />)
    const options = screen.getAllByRole('option')
    expect(options.map((option) => option.tabIndex)).toEqual([0, -1, -1])
    const [first, second, third] = options
    first?.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(second)
    expect(options.map((option) => option.tabIndex)).toEqual([-1, 0, -1])
    expect(second?.getAttribute('aria-label')).toBe(
      'Thu, Dec 3, 08:00 AM: unlocked · Unlock schedule Office hours',
    )
    fireEvent.keyDown(second, { key: 'End' })
    expect(document.activeElement).toBe(third)
    fireEvent.keyDown(third, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(third)
    fireEvent.keyDown(third, { key: 'Home' })
    expect(document.activeElement).toBe(first)
  })

  it('says so in German, and when the week brings no change', () => {
    renderWithI18n(
      <DoorModeView
        name="Haupteingang"
        timeline={{
          ...timeline,
          mode: 'locked',
          layer: { kind: 'default', mode: 'locked' },
          changes: [],
          not_reached: [],
        }}
        setting={null}
      />,
      'de',
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Warum ist Haupteingang verriegelt?',
    )
    expect(
      screen.getByText('Kein Wechsel in den nächsten 7 Tagen: Sie bleibt verriegelt.'),
    ).toBeTruthy()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.queryByText(/gehen von Wechsel zu Wechsel/)).toBeNull()
  })

  it("names the timeline's keys in the reader's language", () => {
    renderWithI18n(<DoorModeView name="Haupteingang" timeline={timeline} setting={null} />, 'de')
    expect(screen.getByText(/^← und → gehen von Wechsel zu Wechsel/).textContent).toBe(
      '← und → gehen von Wechsel zu Wechsel, Pos1 und Ende zum ersten und letzten.',
    )
  })
})
