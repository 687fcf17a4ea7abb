// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Locales } from '../../../i18n/i18n-types'
import type { ScheduleInterval } from '../../contract/access-model'
import { renderWithI18n } from '../../test/render'
import { WeekEditor } from './week-editor'

afterEach(cleanup)

/** The editor as a form holds it: the intervals it answers become its value. */
function Harness({ initial, seen }: { initial: ScheduleInterval[]; seen: ScheduleInterval[][] }) {
  const [value, setValue] = useState(initial)
  return (
    <WeekEditor
      name="intervals"
      value={value}
      onChange={(next) => {
        seen.push(next)
        setValue(next)
      }}
    />
  )
}

function setup(initial: ScheduleInterval[] = [], locale: Locales = 'en') {
  const seen: ScheduleInterval[][] = []
  renderWithI18n(<Harness initial={initial} seen={seen} />, locale)
  return { seen, grid: screen.getByRole('grid') }
}

const key = (key: string, init: { shiftKey?: boolean; ctrlKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init })

describe('the week editor', () => {
  it('has one tab stop, and by keys alone sets Mon–Fri 07:00–19:00, read out in words', () => {
    const { seen } = setup()
    const stops = screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)
    expect(stops).toHaveLength(1)
    stops[0]?.focus()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday 00:00–00:30, closed')
    for (let i = 0; i < 14; i += 1) key('ArrowRight')
    for (let i = 0; i < 23; i += 1) key('ArrowRight', { shiftKey: true })
    for (let i = 0; i < 4; i += 1) key('ArrowDown', { shiftKey: true })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Friday 18:30–19:00, closed')
    key(' ')
    expect(seen.at(-1)).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' },
    ])
    expect(screen.getByText('Mon–Fri 07:00–19:00')).toBeTruthy()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Friday 18:30–19:00, open')
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true')
    // Escape drops the selection and is the grid's; a second Escape would be the form's.
    const escape = fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(escape).toBe(false)
    expect(screen.getAllByRole('gridcell', { selected: true })).toHaveLength(1)
    expect(fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })).toBe(true)
  })

  it('takes typed hours, and names what it did not understand', () => {
    const { seen } = setup()
    const field = screen.getByLabelText('Hours as text')
    fireEvent.change(field, { target: { value: 'mo-fr 7-19; sa 9-13' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(seen.at(-1)).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' },
      { days: ['sat'], start: '09:00', end: '13:00' },
    ])
    expect(screen.getByText('Mon–Fri 07:00–19:00; Sat 09:00–13:00')).toBeTruthy()
    expect(field).toHaveProperty('value', '')
    fireEvent.change(field, { target: { value: 'mo-fr 7-19; xy 9' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByRole('alert').textContent).toBe('“xy” is neither a day nor a time.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field).toHaveProperty('value', 'mo-fr 7-19; xy 9')
    expect(seen).toHaveLength(1)
  })

  it('keeps hours off the half hour until the grid is changed, and says so', () => {
    const { seen } = setup([{ days: ['tue'], start: '07:15', end: '17:45' }])
    expect(screen.getByText('Tue 07:15–17:45')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('(07:15, 17:45)')
    // The rounded-out cells show it: Tuesday 07:00–07:30 is open.
    expect(screen.getByRole('gridcell', { name: 'Tuesday 07:00–07:30, open' })).toBeTruthy()
    const first = screen.getAllByRole('gridcell').find((cell) => cell.tabIndex === 0)
    first?.focus()
    key(' ')
    expect(seen.at(-1)).toEqual([
      { days: ['mon'], start: '00:00', end: '00:30' },
      { days: ['tue'], start: '07:00', end: '18:00' },
    ])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('speaks German: the summary, the cells and a night across midnight', () => {
    setup([{ days: ['fri'], start: '22:00', end: '06:00' }], 'de')
    expect(screen.getByText('Fr 22:00–06:00')).toBeTruthy()
    expect(screen.getByRole('gridcell', { name: 'Samstag 05:30–06:00, offen' })).toBeTruthy()
    expect(screen.getByRole('gridcell', { name: 'Samstag 06:00–06:30, geschlossen' })).toBeTruthy()
  })

  it('switches a half hour with a click, and a range with Shift and a click', () => {
    const { seen } = setup()
    fireEvent.click(screen.getByRole('gridcell', { name: 'Wednesday 09:00–09:30, closed' }))
    expect(seen.at(-1)).toEqual([{ days: ['wed'], start: '09:00', end: '09:30' }])
    fireEvent.click(screen.getByRole('gridcell', { name: 'Thursday 10:30–11:00, closed' }), {
      shiftKey: true,
    })
    expect(seen.at(-1)).toEqual([{ days: ['wed', 'thu'], start: '09:00', end: '11:00' }])
  })
})
