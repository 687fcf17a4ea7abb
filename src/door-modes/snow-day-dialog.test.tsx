// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { planSnowDay, refetchDoorModes } from '../api/door-modes'
import { ApiError } from '../api/api-error'
import type { SnowDayPlan } from '../contract/door-modes'
import type { Location } from '../contract/locations'
import { renderWithI18n } from '../test/render'
import { SnowDayDialog } from './snow-day-dialog'

// The server is stubbed at the api module: the dialog's words and steps are what is tested here;
// tests/e2e/snow-days.spec.ts runs it against the real server.
vi.mock('../api/door-modes', () => ({ planSnowDay: vi.fn(), refetchDoorModes: vi.fn() }))

afterEach(() => {
  cleanup()
  vi.mocked(planSnowDay).mockReset()
  vi.mocked(refetchDoorModes).mockClear()
})

const acme: Location = {
  location_id: 4,
  organization_id: 1,
  name: 'Acme HQ',
  street: '',
  number: '',
  postal_code: '',
  locality: '',
  description: '',
  image_url: null,
  time_zone: 'Europe/Berlin',
  floors: [],
  room_count: 0,
  door_count: 2,
  device_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

// Thursday 10 June 2027 in Berlin (CEST, UTC+2): Office hours unlock at 07:00 and lock at 19:00.
const plan: SnowDayPlan = {
  dry_run: true,
  snow_day: null,
  time_zone: 'Europe/Berlin',
  doors: [
    {
      door_id: 7,
      device_id: null,
      door_name: 'Main entrance',
      before: [
        { at: '2027-06-10T05:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-10T17:00:00.000Z', mode: 'locked' },
      ],
      after: [
        { at: '2027-06-10T08:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-10T17:00:00.000Z', mode: 'locked' },
      ],
    },
  ],
  unchanged: 1,
}

function open(onClose: () => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderWithI18n(
    <QueryClientProvider client={client}>
      <SnowDayDialog location={acme} kind="open_late" onClose={onClose} />
    </QueryClientProvider>,
  )
  const dialog = screen.getByRole('dialog', { name: 'Acme HQ opens late…' })
  const date = screen.getByLabelText('Date')
  fireEvent.change(date, { target: { value: '2027-06-10' } })
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Snow on the roads' } })
  return dialog
}

describe('the snow day dialog', () => {
  it('starts on the date, 10:00 for opening late, and shows each door it changes, before → after', async () => {
    const client = new QueryClient()
    renderWithI18n(
      <QueryClientProvider client={client}>
        <SnowDayDialog location={acme} kind="open_late" onClose={() => undefined} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date')))
    expect(screen.getByLabelText('Opens at')).toHaveProperty('value', '10:00')
    cleanup()

    vi.mocked(planSnowDay).mockResolvedValue(plan)
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Show the doors it changes' }))
    const status = await screen.findByText(/^It changes 1 door/)
    expect(status.getAttribute('role')).toBe('status')
    expect(status.textContent).toBe(
      'It changes 1 door on Thu, Jun 10, times in Europe/Berlin; 1 door stays as it is.',
    )
    expect(screen.getByTestId('snow-day-doors').textContent).toBe(
      'Main entrance 07:00 unlocked, 19:00 locked → 10:00 unlocked, 19:00 locked',
    )
    expect(planSnowDay).toHaveBeenCalledWith(
      4,
      { date: '2027-06-10', kind: 'open_late', time: '10:00', reason: 'Snow on the roads' },
      true,
    )
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })),
    )
  })

  it('asks for a new dry run before Save once a field changes', async () => {
    vi.mocked(planSnowDay).mockResolvedValue(plan)
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Show the doors it changes' }))
    await screen.findByRole('button', { name: 'Save' })
    fireEvent.change(screen.getByLabelText('Opens at'), { target: { value: '11:00' } })
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByTestId('snow-day-doors')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe(
      'Changed since the doors were shown: show them again before saving.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Show the doors it changes' }))
    await screen.findByRole('button', { name: 'Save' })
    expect(
      vi.mocked(planSnowDay).mock.calls.map(([, input, dryRun]) => [input.time, dryRun]),
    ).toEqual([
      ['10:00', true],
      ['11:00', true],
    ])
  })

  it('shows a refused date at its field and keeps what was typed', async () => {
    vi.mocked(planSnowDay).mockRejectedValue(
      new ApiError('HTTP', 'conflict', {
        status: 409,
        data: { error: 'conflict', message: 'Taken.', field: 'date', rule: 'duplicate' },
      }),
    )
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Show the doors it changes' }))
    expect(
      await screen.findByText('The place already has a snow day of this kind on that date.'),
    ).toBeTruthy()
    expect(screen.getByLabelText('Reason')).toHaveProperty('value', 'Snow on the roads')
    expect(screen.getByLabelText('Date')).toHaveProperty('value', '2027-06-10')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date')))
  })

  it('saves what the dry run showed, refetches the door modes and closes', async () => {
    vi.mocked(planSnowDay).mockResolvedValue(plan)
    const onClose = vi.fn()
    open(onClose)
    fireEvent.click(screen.getByRole('button', { name: 'Show the doors it changes' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(vi.mocked(planSnowDay).mock.calls.at(-1)?.[2]).toBe(false)
    expect(refetchDoorModes).toHaveBeenCalledOnce()
  })

  it('closes early at 15:00 unless told otherwise, in German too', () => {
    renderWithI18n(
      <QueryClientProvider client={new QueryClient()}>
        <SnowDayDialog location={acme} kind="close_early" onClose={() => undefined} />
      </QueryClientProvider>,
      'de',
    )
    screen.getByRole('dialog', { name: 'Acme HQ schließt früher…' })
    expect(screen.getByLabelText('Schließt um')).toHaveProperty('value', '15:00')
    expect(screen.getByRole('button', { name: 'Betroffene Türen zeigen' })).toBeTruthy()
  })
})
