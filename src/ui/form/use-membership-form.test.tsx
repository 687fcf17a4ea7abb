// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MembersAdd } from '../../contract/access-model'
import { renderWithI18n } from '../../test/render'
import { TextField } from '../text-field'
import { WindowFields } from '../window-fields'
import { DialogForm } from './dialog-form'
import { useMembershipForm } from './use-membership-form'

afterEach(cleanup)

type Send = (members: MembersAdd['members']) => Promise<unknown>

/** A form adding `people` with one window, as a group's "Add members" does. */
function AddForm({ send, people }: { send: Send; people: readonly number[] }) {
  const form = useMembershipForm({ userIds: people, send })
  return (
    <DialogForm form={form} label="Add" submitLabel="Add" onCancel={() => undefined}>
      <TextField label="People" name="people" error={form.error('people')} />
      <WindowFields values={form.dates} error={form.error} onChange={form.set} />
    </DialogForm>
  )
}

function mount(people: readonly number[], send: Send = () => Promise.resolve()) {
  const sent = vi.fn(send)
  renderWithI18n(<AddForm send={sent} people={people} />)
  return sent
}

const dates = () => screen.getAllByLabelText('Date')
const times = () => screen.getAllByLabelText('Time')
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

describe('a form adding people to a group with one window', () => {
  it('sends each person with the dates as instants, an empty end as none', async () => {
    const sent = mount([7, 9])
    const [fromDate] = dates()
    const [fromTime] = times()
    if (!fromDate || !fromTime) throw new Error('no fields')
    type(fromDate, '2027-01-04')
    type(fromTime, '07:00')
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1))
    const [members] = sent.mock.calls[0] ?? []
    expect(members?.map((m) => m.user_id)).toEqual([7, 9])
    expect(members?.[0]?.valid_until).toBeNull()
    expect(Date.parse(members?.[0]?.valid_from ?? '')).toBe(new Date(2027, 0, 4, 7, 0).getTime())
  })

  it('sends nothing without people, says why and focuses the first problem', async () => {
    const sent = mount([])
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('People')))
    expect(screen.getByText('User is required.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })

  it('refuses an end before the start on the end, in words, and keeps both', async () => {
    const sent = mount([7])
    const [fromDate, untilDate] = dates()
    const [fromTime, untilTime] = times()
    if (!fromDate || !untilDate || !fromTime || !untilTime) throw new Error('no fields')
    type(fromDate, '2027-01-04')
    type(fromTime, '07:00')
    type(untilDate, '2027-01-03')
    type(untilTime, '07:00')
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(document.activeElement).toBe(untilDate))
    expect(screen.getByText('The end must be after the start.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
    expect((fromDate as HTMLInputElement).value).toBe('2027-01-04')
  })

  it('shows the server’s refusal in words, focused, and keeps what was typed', async () => {
    const refusal = Object.assign(new Error('Conflict'), {
      status: 409,
      data: {
        error: 'conflict',
        message: 'User 9 is not in this organization.',
        field: 'members.1.user_id',
        rule: 'invalid',
        params: {},
      },
    })
    mount([7, 9], () => Promise.reject(refusal))
    const [fromDate] = dates()
    if (!fromDate) throw new Error('no fields')
    type(fromDate, '2027-01-04')
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(alert.textContent).not.toContain('User 9')
    expect((fromDate as HTMLInputElement).value).toBe('2027-01-04')
  })
})
