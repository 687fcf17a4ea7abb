// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { useState, type ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Weekday } from '../contract/credentials'
import { isoFromLocal, localParts } from '../lib/local-date-time'
import { renderWithI18n } from '../test/render'
import { Checkbox } from './checkbox'
import { CheckboxGroup } from './checkbox-group'
import { CheckboxMatrix } from './checkbox-matrix'
import { DateTimeField } from './date-time-field'
import { Select } from './select'
import { TextArea } from './text-area'
import { WeekdayPicker } from './weekday-picker'

afterEach(cleanup)

/** Holds a primitive's value the way a form would, so the test sees what the user sees. */
function Stateful<T>(props: {
  initial: T
  children: (value: T, set: (v: T) => void) => ReactElement
}) {
  const [value, setValue] = useState(props.initial)
  return props.children(value, setValue)
}

const resources = [
  { key: 'users', label: 'Users' },
  { key: 'devices', label: 'Devices' },
]
const rights = [
  { key: 'read', label: 'Read' },
  { key: 'create', label: 'Create' },
  { key: 'delete', label: 'Delete' },
]
// Devices cannot be deleted in this example: that cell has no box.
const cellValue = (row: string, column: string) =>
  row === 'devices' && column === 'delete' ? null : `${row}:${column}`

function Everything({ error }: { error?: string }) {
  return (
    <form>
      <TextArea label="Notes" name="notes" error={error} hint="Shown to admins only." />
      <Select
        label="Device type"
        name="device_type"
        placeholder="Choose a type"
        options={[
          { value: 'lock', label: 'Lock' },
          { value: 'keypad', label: 'Keypad' },
        ]}
        error={error}
      />
      <Checkbox label="Disabled" checked={false} onCheckedChange={() => {}} error={error} />
      <CheckboxGroup
        legend="Roles"
        name="roles"
        options={[
          { value: 'staff', label: 'Staff' },
          { value: 'admin', label: 'Admin' },
        ]}
        value={['staff']}
        onChange={() => {}}
        error={error}
      />
      <CheckboxMatrix
        legend="Permissions"
        name="permissions"
        rows={resources}
        columns={rights}
        cellValue={cellValue}
        value={[]}
        onChange={() => {}}
        error={error}
      />
      <DateTimeField legend="Start" name="start" value="" onChange={() => {}} error={error} />
      <WeekdayPicker
        legend="Weekdays"
        name="weekdays"
        value={['mon']}
        onChange={() => {}}
        error={error}
      />
    </form>
  )
}

describe('field primitives', () => {
  it.each([undefined, 'Something is wrong.'])('are axe clean (error: %s)', async (error) => {
    const { container } = renderWithI18n(<Everything error={error} />)
    // Colour contrast needs a layout engine; the e2e axe runs check it in both themes.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })

  it('TextArea: labelled, described by hint and error, invalid when in error', () => {
    renderWithI18n(<TextArea label="Notes" hint="Shown to admins only." error="Too long." />)
    const area = screen.getByRole('textbox', { name: 'Notes' })
    expect(area.tagName).toBe('TEXTAREA')
    expect(area.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { description: 'Too long. Shown to admins only.' })).toBe(
      area,
    )
  })

  it('Select: a labelled native select with its placeholder first', () => {
    renderWithI18n(
      <Select
        label="Device type"
        placeholder="Choose a type"
        options={[{ value: 'lock', label: 'Lock' }]}
        error="Device Type is required."
      />,
    )
    const select = screen.getByRole('combobox', {
      name: 'Device type',
      description: 'Device Type is required.',
    })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a type', 'Lock'])
  })

  it('Checkbox: toggles by its label', () => {
    renderWithI18n(
      <Stateful initial={false}>
        {(checked, set) => <Checkbox label="Disabled" checked={checked} onCheckedChange={set} />}
      </Stateful>,
    )
    const box = screen.getByRole('checkbox', { name: 'Disabled' })
    fireEvent.click(screen.getByText('Disabled'))
    expect(box).toHaveProperty('checked', true)
  })

  it('CheckboxGroup: a named group whose value keeps the options’ order', () => {
    const seen: string[][] = []
    renderWithI18n(
      <Stateful initial={['admin']}>
        {(value, set) => (
          <CheckboxGroup
            legend="Roles"
            name="roles"
            options={[
              { value: 'staff', label: 'Staff' },
              { value: 'admin', label: 'Admin' },
            ]}
            value={value}
            onChange={(next) => {
              seen.push(next)
              set(next)
            }}
            error="At least one role is required."
          />
        )}
      </Stateful>,
    )
    const group = screen.getByRole('group', {
      name: 'Roles',
      description: 'At least one role is required.',
    })
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Staff' }))
    expect(seen).toEqual([['staff', 'admin']])
  })

  it('CheckboxMatrix: each box named by row and column; arrows move, skipping empty cells', () => {
    renderWithI18n(
      <Stateful initial={[] as string[]}>
        {(value, set) => (
          <CheckboxMatrix
            legend="Permissions"
            name="permissions"
            rows={resources}
            columns={rights}
            cellValue={cellValue}
            value={value}
            onChange={set}
          />
        )}
      </Stateful>,
    )
    const group = screen.getByRole('group', { name: 'Permissions' })
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5)
    const usersCreate = within(group).getByRole('checkbox', { name: 'Users Create' })
    fireEvent.click(usersCreate)
    expect(usersCreate).toHaveProperty('checked', true)
    usersCreate.focus()
    fireEvent.keyDown(usersCreate, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Devices Create' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    // Devices × Delete has no box: focus stays where it was.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Devices Create' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' })
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Users Delete' }))
  })

  it('DateTimeField: date and time in the local zone, which it names, as an ISO string with offset', () => {
    const values: string[] = []
    renderWithI18n(
      <Stateful initial="">
        {(value, set) => (
          <DateTimeField
            legend="Start"
            name="start"
            value={value}
            onChange={(next) => {
              values.push(next)
              set(next)
            }}
          />
        )}
      </Stateful>,
    )
    const group = screen.getByRole('group', { name: 'Start', description: /^Time zone: / })
    fireEvent.change(within(group).getByLabelText('Date'), { target: { value: '2026-05-04' } })
    expect(values).toEqual([''])
    expect(within(group).getByLabelText('Date')).toHaveProperty('value', '2026-05-04')
    fireEvent.change(within(group).getByLabelText('Time'), { target: { value: '09:15' } })
    const iso = values.at(-1) ?? ''
    expect(iso).toBe(isoFromLocal({ date: '2026-05-04', time: '09:15' }))
    expect(iso).toMatch(/^2026-05-04T09:15:00[+-]\d{2}:\d{2}$/)
    expect(localParts(iso)).toEqual({ date: '2026-05-04', time: '09:15' })
  })

  it('WeekdayPicker: seven toggle buttons, Monday first, in the user’s language', () => {
    renderWithI18n(
      <Stateful initial={['wed'] as Weekday[]}>
        {(value, set) => (
          <WeekdayPicker legend="Tage" name="weekdays" value={value} onChange={set} />
        )}
      </Stateful>,
      'de',
    )
    const group = screen.getByRole('group', { name: 'Tage' })
    const days = within(group).getAllByRole('button')
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ])
    const monday = within(group).getByRole('button', { name: 'Montag', pressed: false })
    fireEvent.click(monday)
    expect(within(group).getByRole('button', { name: 'Montag', pressed: true })).toBe(monday)
    expect(within(group).getByRole('button', { name: 'Mittwoch', pressed: true })).toBeTruthy()
  })
})
