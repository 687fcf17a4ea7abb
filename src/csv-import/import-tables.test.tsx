// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithI18n } from '../test/render'
import type { ImportAnswerRow } from './import-kind'
import { ChangedRows, ErrorRows } from './import-tables'

afterEach(cleanup)

const refused = (line: number): ImportAnswerRow => ({
  line,
  outcome: 'error',
  changes: [],
  error: { error: 'validation', message: 'x', field: 'email', rule: 'email_invalid' },
  id: null,
})

describe('the import dialog’s tables', () => {
  it('shows the refused rows with line, column and reason, at most 200, naming the rest', () => {
    renderWithI18n(<ErrorRows rows={Array.from({ length: 250 }, (_, i) => refused(i + 2))} />)
    const region = screen.getByRole('region', { name: 'Rows with errors' })
    const rows = within(region).getAllByRole('row')
    expect(rows).toHaveLength(201)
    expect(rows[1]?.textContent).toBe('2E-mailPlease enter valid email address.')
    expect(region.tabIndex).toBe(0)
    expect(screen.getByText('and 50 more rows (in the results file).')).toBeTruthy()
  })

  it('shows the rows that would change with their columns, and nothing without any', () => {
    const update: ImportAnswerRow = {
      line: 7,
      outcome: 'update',
      changes: ['first_name', 'roles'],
      error: null,
      id: 3,
    }
    const view = renderWithI18n(<ChangedRows rows={[update]} />)
    const table = screen.getByRole('table', { name: 'Rows that would change' })
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('7First name, Roles')
    view.unmount()
    const empty = renderWithI18n(<ErrorRows rows={[]} />)
    expect(empty.container.textContent).toBe('')
  })
})
