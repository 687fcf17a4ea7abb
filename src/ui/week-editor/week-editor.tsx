import {
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { ScheduleInterval } from '../../contract/access-model'
import { weekdays } from '../../contract/credentials'
import { Button } from '../button'
import * as fieldset from '../fieldset.css'
import { Notice } from '../notice'
import { TextField } from '../text-field'
import { visuallyHidden } from '../visually-hidden.css'
import {
  cellIndex,
  cellsOf,
  intervalsOf,
  minutesOf,
  onHalfHours,
  SLOT_MINUTES,
  SLOTS_PER_DAY,
  slotTime,
  type WeekCells,
} from './week-cells'
import { gridKey, isSelected, toggleSelected, type Cell, type GridState } from './week-grid-keys'
import { weekSummary } from '../../lib/access-text'
import { parseWeek, problemWords, type WeekTextProblem } from './week-text'
import * as styles from './week-editor.css'

interface WeekEditorProps {
  /** The form field it sets: the grid's tab stop carries it, so a problem focuses the grid. */
  name: string
  value: readonly ScheduleInterval[]
  onChange: (intervals: ScheduleInterval[]) => void
  error?: string | null
}

const slots = Array.from({ length: SLOTS_PER_DAY }, (_, slot) => slot)
const changed = (a: WeekCells, b: WeekCells) => a.some((open, index) => open !== b[index])

/** The times of the intervals that are not on a half hour, as typed: "07:15, 17:45". */
function offGridTimes(intervals: readonly ScheduleInterval[]) {
  const times = intervals.flatMap((i) => [i.start, i.end])
  return [...new Set(times.filter((t) => minutesOf(t) % SLOT_MINUTES !== 0))].join(', ')
}

interface GridCellProps {
  index: number
  /** The form field's name, on the tab stop only. */
  field: string | undefined
  open: boolean
  focused: boolean
  selected: boolean
  label: string
}

/** One half hour; memoised, since a key press changes only the cells it moves off and onto. */
const GridCell = memo(function GridCell(props: GridCellProps) {
  const { index, field, open, focused, selected, label } = props
  return (
    <div
      role="gridcell"
      data-cell={index}
      data-field={field}
      data-open={open}
      data-hour-start={index % 2 === 0}
      tabIndex={focused ? 0 : -1}
      aria-selected={selected}
      aria-label={label}
      className={styles.cell}
    />
  )
})

/**
 * A week's opening hours, edited three ways that stay in step: a grid of 7 days × 48 half hours
 * (an ARIA grid with one tab stop, keys in week-grid-keys.ts), its summary in words, read out as
 * it changes, and typed text ("mo-fr 7-19; sa 9-13"). Intervals from elsewhere that are not on a
 * half hour are kept as they are until the grid is changed, which says so.
 */
export function WeekEditor({ name, value, onChange, error }: WeekEditorProps) {
  const { LL } = useI18nContext()
  const id = useId()
  const cells = useMemo(() => cellsOf(value), [value])
  const [cursor, setCursor] = useState<Cell>({ day: 0, slot: 0 })
  const [anchor, setAnchor] = useState<Cell | null>(null)
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<WeekTextProblem | null>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const moved = useRef(false)
  const state: GridState = { cells, cursor, anchor }

  // DOM focus follows the tab stop once a key or a click moved it, never on first render.
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${cellIndex(cursor.day, cursor.slot)}"]`)
      ?.focus()
  }, [cursor])

  const apply = (next: GridState) => {
    moved.current = true
    setCursor(next.cursor)
    setAnchor(next.anchor)
    if (changed(next.cells, cells)) onChange(intervalsOf(next.cells))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey) return
    const next = gridKey(state, {
      key: event.key,
      shift: event.shiftKey,
      mod: event.ctrlKey || event.metaKey,
    })
    if (next === null) return
    // Handled here: the form (Escape) and the console's hotkeys leave a prevented key alone.
    event.preventDefault()
    apply(next)
  }

  // A click switches its half hour; with Shift, everything from the tab stop to it.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest('[data-cell]') : null
    const index = Number(target?.getAttribute('data-cell') ?? NaN)
    if (!Number.isInteger(index)) return
    const cell = { day: Math.floor(index / SLOTS_PER_DAY), slot: index % SLOTS_PER_DAY }
    const from = event.shiftKey ? (anchor ?? cursor) : null
    apply(toggleSelected({ cells, cursor: cell, anchor: from }))
  }

  const applyTyped = () => {
    const parsed = parseWeek(draft)
    if (!parsed.ok) {
      setProblem(parsed.problem)
      return
    }
    setProblem(null)
    setDraft('')
    onChange(parsed.intervals)
  }

  const summary = weekSummary(LL, value)
  const offGrid = onHalfHours(value) ? '' : offGridTimes(value)
  // Worked out once per change of the hours: a key that only moves re-renders two cells.
  const labels = useMemo(
    () =>
      cells.map((open, index) =>
        LL.weekEditor.cell({
          day: LL.form.weekdays[weekdays[Math.floor(index / SLOTS_PER_DAY)] ?? 'mon'](),
          from: slotTime(index % SLOTS_PER_DAY),
          to: slotTime((index % SLOTS_PER_DAY) + 1),
          state: open ? LL.weekEditor.open() : LL.weekEditor.closed(),
        }),
      ),
    [LL, cells],
  )
  const typedProblem = problem ? problemWords(LL, problem) : null

  return (
    <fieldset className={`${fieldset.fieldset} ${styles.editor}`}>
      <legend className={fieldset.legend}>{LL.weekEditor.legend()}</legend>
      <p id={`${id}-keys`} className={styles.help}>
        {LL.weekEditor.keys()}
      </p>
      <div className={styles.scroller}>
        <div
          ref={gridRef}
          role="grid"
          aria-label={LL.weekEditor.gridLabel()}
          aria-describedby={[`${id}-keys`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-multiselectable="true"
          className={styles.grid}
          onKeyDown={onKeyDown}
          onClick={onClick}
        >
          <div role="row" className={styles.row}>
            <span role="columnheader" className={styles.columnHeader}>
              <span className={visuallyHidden}>{LL.weekEditor.day()}</span>
            </span>
            {slots.map((slot) => (
              <span key={slot} role="columnheader" className={styles.columnHeader}>
                {slot % 4 === 0 ? (
                  <span aria-hidden="true" className={styles.hourLabel}>
                    {slotTime(slot)}
                  </span>
                ) : null}
                <span className={visuallyHidden}>{slotTime(slot)}</span>
              </span>
            ))}
          </div>
          {weekdays.map((day, dayIndex) => (
            <div key={day} role="row" className={styles.row}>
              <span role="rowheader" className={styles.rowHeader}>
                {LL.form.weekdaysShort[day]()}
              </span>
              {slots.map((slot) => {
                const index = cellIndex(dayIndex, slot)
                const focused = cursor.day === dayIndex && cursor.slot === slot
                return (
                  <GridCell
                    key={slot}
                    index={index}
                    field={focused ? name : undefined}
                    open={cells[index] === true}
                    focused={focused}
                    selected={isSelected(state, { day: dayIndex, slot })}
                    label={labels[index] ?? ''}
                  />
                )
              })}
            </div>
          ))}
        </div>
      </div>
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
      <p className={styles.summary} aria-live="polite">
        <span className={styles.summaryLabel}>{LL.weekEditor.summaryLabel()}</span> {summary}
      </p>
      {offGrid ? <Notice tone="info">{LL.weekEditor.offGrid({ times: offGrid })}</Notice> : null}
      <div className={styles.typedRow}>
        <TextField
          className={styles.typedField}
          name={`${name}-text`}
          label={LL.weekEditor.typed()}
          hint={LL.weekEditor.typedHint()}
          value={draft}
          autoComplete="off"
          spellCheck={false}
          error={typedProblem}
          onChange={(event) => {
            setDraft(event.target.value)
            setProblem(null)
          }}
          onKeyDown={(event) => {
            // Enter applies what is typed; with nothing typed it is left to submit the form.
            if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || draft.trim() === '')
              return
            event.preventDefault()
            applyTyped()
          }}
        />
        <Button tone="secondary" className={styles.applyButton} onClick={applyTyped}>
          {LL.weekEditor.apply()}
        </Button>
      </div>
      <p role="alert" className={visuallyHidden}>
        {typedProblem}
      </p>
    </fieldset>
  )
}
