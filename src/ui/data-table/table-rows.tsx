import { memo, useLayoutEffect, useRef, type PointerEvent, type ReactNode } from 'react'
import type { ReactTable, Row, RowData } from '@tanstack/react-table'
import type { OrderDirection } from '../../contract/list'
import type { DataTableFeatures } from './features'
import * as styles from './data-table.css'
import { visuallyHidden } from '../visually-hidden.css'

type Table<TRow extends RowData> = ReactTable<DataTableFeatures, TRow>

const ariaSort = { asc: 'ascending', desc: 'descending' } as const
const sortIcons: Record<OrderDirection, string> = { asc: '▲', desc: '▼' }

interface HeaderRowProps<TRow extends RowData> {
  table: Table<TRow>
  sortLabel: (column: string) => string
  /** The selection column's name, heard by screen readers; absent when rows cannot be selected. */
  selectHeader?: string | undefined
}

/**
 * Column headers; a sortable one is a button filling its whole cell, so a click anywhere in the
 * cell, Enter and Space all sort.
 */
export function HeaderRow<TRow extends RowData>(props: HeaderRowProps<TRow>) {
  const { table, sortLabel, selectHeader } = props
  return (
    <div role="rowgroup" className={styles.head}>
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className={styles.headRow}>
          {selectHeader === undefined ? null : (
            <div role="columnheader" className={styles.headerCell}>
              <span className={visuallyHidden}>{selectHeader}</span>
            </div>
          )}
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted()
            const canSort = header.column.getCanSort()
            const name =
              typeof header.column.columnDef.header === 'string'
                ? header.column.columnDef.header
                : header.column.id
            return (
              <div
                key={header.id}
                role="columnheader"
                aria-sort={sorted ? ariaSort[sorted] : canSort ? 'none' : undefined}
                className={canSort ? styles.sortableHeaderCell : styles.headerCell}
              >
                {canSort ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-keyshortcuts="s S"
                    className={styles.sortButton}
                    data-sorted={sorted !== false}
                    title={sortLabel(name)}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                    <span className={styles.sortIcon} aria-hidden="true">
                      {sorted ? sortIcons[sorted] : ''}
                    </span>
                  </button>
                ) : (
                  <table.FlexRender header={header} />
                )}
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}

interface BodyRowProps<TRow extends RowData> {
  id: string
  /** Undefined while the row's window is loading: a skeleton stands in. */
  row: Row<DataTableFeatures, TRow> | undefined
  rowIndex: number
  /** The column definitions, compared so new columns (language, clock) re-render the row. */
  columns: unknown
  /** Position inside the rows layer. */
  offset: number
  active: boolean
  onActivate: (index: number) => void
  onOpen: ((row: TRow) => void) | undefined
  /** Whether the row is selected; null when the list has no selection. */
  selected: boolean | null
  /** The checkbox's name ("Select Ada Admin, …"). */
  selectLabel: string
  onSelect: (index: number, range: boolean) => void
}

// The grid is one tab stop (its rows are reached with the list keys), so links and buttons inside
// cells stay clickable but leave the tab order.
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

function BodyRowView<TRow extends RowData>(props: BodyRowProps<TRow>) {
  const { id, row, rowIndex, offset, active, onActivate, onOpen } = props
  const { selected, selectLabel, onSelect } = props
  const element = useRef<HTMLDivElement>(null)
  const original = row?.original
  const columns = props.columns
  // What a cell renders changes only with the row's entity or the columns.
  useLayoutEffect(() => {
    if (original === undefined) return
    element.current?.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((node) => {
      node.tabIndex = -1
    })
  }, [original, columns])
  // The active row's cut values show whole; measured for that one row only, so scrolling past
  // rows never forces a layout.
  useLayoutEffect(() => {
    if (active && original !== undefined && columns && element.current)
      element.current.querySelectorAll<HTMLElement>('[role="gridcell"]').forEach(markCut)
  }, [active, original, columns])
  return (
    <div
      ref={element}
      id={id}
      role="row"
      aria-rowindex={rowIndex + 2}
      data-row-index={rowIndex}
      data-active={active}
      aria-selected={selected ?? undefined}
      aria-busy={row ? undefined : true}
      // While its window loads the row is one element: its bar is drawn by CSS and aria-busy says
      // why it has no cells yet. A jump swaps every row on screen from the scroll handler, and a
      // cell and bar per column made that frame ≈ 6× the elements to style, lay out and drop.
      className={row ? styles.bodyRow : `${styles.bodyRow} ${styles.loadingRow}`}
      style={{ transform: `translateY(${offset}px)` }}
      onClick={() => onActivate(rowIndex)}
      onDoubleClick={row && onOpen ? () => onOpen(row.original) : undefined}
      onPointerOver={onPointerOver}
    >
      {row && selected !== null ? (
        <div role="gridcell" className={styles.selectCell}>
          <input
            type="checkbox"
            className={styles.selectBox}
            checked={selected}
            readOnly
            aria-label={selectLabel}
            onClick={(event) => {
              // The row's own click would activate it too; this one also selects (a range with Shift).
              event.stopPropagation()
              onActivate(rowIndex)
              onSelect(rowIndex, event.shiftKey)
            }}
          />
        </div>
      ) : null}
      {row?.getAllCells().map((cell) => (
        <div key={cell.id} role="gridcell" className={cellClass(cell)}>
          {cellContent(cell)}
        </div>
      ))}
    </div>
  )
}

type Cell<TRow extends RowData> = ReturnType<Row<DataTableFeatures, TRow>['getAllCells']>[number]

/**
 * What a column renders in `cell`. A column's `cell` is a plain function of the cell's context (no
 * hooks; a cell needing state renders a component of its own), so it is called here instead of
 * being mounted as a component inside TanStack's FlexRender: two components fewer per cell, a
 * quarter of the fibers of a list's first render.
 */
function cellContent<TRow extends RowData>(cell: Cell<TRow>): ReactNode {
  const template = cell.column.columnDef.cell
  return typeof template === 'function' ? (template(cell.getContext()) as ReactNode) : template
}

function cellClass<TRow extends RowData>(cell: Cell<TRow>): string {
  const extra = cell.column.columnDef.meta?.cellClass
  return extra === undefined ? styles.cell : `${styles.cell} ${extra}`
}

/** Marks a cell whose value its column cuts (data-cut): CSS then shows it whole (data-table.css.ts). */
function markCut(cell: HTMLElement) {
  cell.removeAttribute('data-cut')
  const cut = cell.scrollWidth > cell.clientWidth
  if (cut) cell.dataset.cut = 'true'
  // The whole value for a pointer, also where the grown cell meets the grid's edge.
  if (cut) cell.title = cell.textContent ?? ''
  else cell.removeAttribute('title')
}

// The cell under the pointer is measured as the pointer enters it: one cell, not every row rendered.
function onPointerOver(event: PointerEvent<HTMLDivElement>) {
  if (!(event.target instanceof Element)) return
  const cell = event.target.closest<HTMLElement>('[role="gridcell"]')
  if (cell && !cell.contains(event.relatedTarget as Node | null)) markCut(cell)
}

// Memoised: while scrolling, rows that stay on screen keep their props and are not re-rendered. A
// window arriving rebuilds the table's row objects, but a row whose entity (`original`) and columns
// are unchanged renders the same, so it is compared by entity.
function sameRow<TRow extends RowData>(prev: BodyRowProps<TRow>, next: BodyRowProps<TRow>) {
  return (
    prev.row?.original === next.row?.original &&
    prev.columns === next.columns &&
    prev.id === next.id &&
    prev.rowIndex === next.rowIndex &&
    prev.offset === next.offset &&
    prev.active === next.active &&
    prev.selected === next.selected &&
    prev.selectLabel === next.selectLabel &&
    prev.onSelect === next.onSelect &&
    prev.onActivate === next.onActivate &&
    prev.onOpen === next.onOpen
  )
}

export const BodyRow = memo(BodyRowView, sameRow) as typeof BodyRowView

/** Placeholder rows before the first window of a view arrives. */
export function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 8 }, (_, r) => (
    <div
      key={r}
      role="row"
      aria-hidden="true"
      className={styles.bodyRow}
      style={{ transform: `translateY(${r * styles.ROW_HEIGHT}px)` }}
    >
      {Array.from({ length: columns }, (_, c) => (
        <div key={c} role="gridcell" className={styles.cell}>
          <span className={styles.skeletonBar} />
        </div>
      ))}
    </div>
  ))
}

/** One full-width row for the empty state. */
export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <div role="row" className={styles.messageRow}>
      <div role="gridcell" aria-colspan={columns} className={styles.state}>
        {children}
      </div>
    </div>
  )
}
