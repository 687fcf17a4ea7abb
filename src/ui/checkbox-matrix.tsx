import { useId, type KeyboardEvent, type ReactNode } from 'react'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as styles from './checkbox-matrix.css'
import * as fieldset from './fieldset.css'

export interface MatrixAxis {
  key: string
  label: string
}

interface CheckboxMatrixProps {
  legend: ReactNode
  /** The field name the form layer focuses on a problem: the first box carries it. */
  name: string
  rows: readonly MatrixAxis[]
  columns: readonly MatrixAxis[]
  /** The value a cell stands for (e.g. `users:create:org`), or null where the cell has no box. */
  cellValue: (row: string, column: string) => string | null
  value: readonly string[]
  onChange: (value: string[]) => void
  error?: string | null
  hint?: ReactNode
}

const moves: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
}

/** Moves focus to the next box in the arrow's direction, stepping over cells without one. */
function moveFocus(event: KeyboardEvent<HTMLTableElement>, height: number, width: number) {
  const move = moves[event.key]
  const from = event.target
  if (!move || !(from instanceof HTMLInputElement) || from.dataset.row === undefined) return
  let row = Number(from.dataset.row) + move[0]
  let column = Number(from.dataset.column) + move[1]
  while (row >= 0 && row < height && column >= 0 && column < width) {
    const cell = event.currentTarget.querySelector<HTMLElement>(
      `[data-row="${row}"][data-column="${column}"]`,
    )
    if (cell) {
      event.preventDefault()
      cell.focus()
      return
    }
    row += move[0]
    column += move[1]
  }
}

/** Rows × columns of checkboxes (e.g. resource × right); each box is named by its two headers. */
export function CheckboxMatrix(props: CheckboxMatrixProps) {
  const { legend, name, rows, columns, cellValue, value, onChange, error, hint } = props
  const base = useId()
  const { hintId, errorId, describedBy } = useFieldIds(hint, error)
  const toggle = (cell: string, on: boolean) =>
    onChange(on ? [...value, cell] : value.filter((v) => v !== cell))
  const firstCell = rows
    .flatMap((row) => columns.map((column) => cellValue(row.key, column.key)))
    .find((cell) => cell !== null)
  return (
    <fieldset
      className={fieldset.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className={fieldset.legend}>{legend}</legend>
      <div className={styles.scroller}>
        <table
          className={styles.table}
          onKeyDown={(event) => moveFocus(event, rows.length, columns.length)}
        >
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th
                  key={column.key}
                  id={`${base}-c-${column.key}`}
                  scope="col"
                  className={styles.columnHeader}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.key}>
                <th id={`${base}-r-${row.key}`} scope="row" className={styles.rowHeader}>
                  {row.label}
                </th>
                {columns.map((column, c) => {
                  const cell = cellValue(row.key, column.key)
                  if (cell === null) return <td key={column.key} className={styles.cell} />
                  return (
                    <td key={column.key} className={styles.cell}>
                      <input
                        type="checkbox"
                        className={styles.box}
                        name={cell === firstCell ? name : undefined}
                        data-row={r}
                        data-column={c}
                        aria-labelledby={`${base}-r-${row.key} ${base}-c-${column.key}`}
                        checked={value.includes(cell)}
                        onChange={(event) => toggle(cell, event.target.checked)}
                      />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  )
}
