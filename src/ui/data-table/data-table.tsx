import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { useTable, type RowData } from '@tanstack/react-table'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../button'
import { Notice } from '../notice'
import * as styles from './data-table.css'
import { visuallyHidden } from '../visually-hidden.css'
import { dataTableFeatures, type DataTableColumns } from './features'
import { listKey, listKeyShortcuts, type RowAction } from './keyboard'
import { useSingleKeys } from '../single-keys'
import { useMobileLayout } from '../use-mobile-layout'
import type { ListViewDefaults } from '../../contract/list-view'
import { ListCount } from './list-count'
import { SearchBox } from './search-box'
import { BLOCK_ROWS } from './row-range'
import { BodyRow, HeaderRow, MessageRow, SkeletonRows } from './table-rows'
import { useScaledVirtualizer } from './use-scaled-virtualizer'
import { useActiveRow } from './use-active-row'
import { useUrlListView } from './use-url-list-view'
import { registerList } from './active-list'
import { rememberListPlace, rowIdOf } from './list-memory'
import { useWindowedRows } from './use-windowed-rows'
import { SelectionBar } from './selection-bar'
import { useSelection } from './use-selection'
import { useSortControl } from './use-sort-control'
import type { ListSource } from '../../contract/list'
import type { IndexRange } from './windows'
import { numberFormat } from '../../lib/number-format'

export interface DataTableProps<TRow extends RowData, TSort extends string> {
  /** Accessible name of the grid, e.g. "Audit log". */
  label: string
  searchLabel: string
  emptyMessage: string
  columns: DataTableColumns<TRow>
  source: ListSource<TRow, TSort>
  /** Module-level constant: the resource's default sort and its sortable columns. */
  defaults: ListViewDefaults<TSort>
  getRowId: (row: TRow) => string
  /** What a screen reader hears when the row becomes active. */
  describeRow: (row: TRow) => string
  /**
   * What the row keys do to the active row (Enter/o open — also a double click —, e edit,
   * #/Delete delete, p peek in a side drawer); a key whose action the screen leaves out
   * does nothing.
   */
  rowActions?: Partial<Record<RowAction, (row: TRow) => void>>
  /** `c` on the list: the screen's create page, where the user may create. */
  onCreate?: () => void
  /** The active row whenever it changes (a drawer that follows the list). */
  onActiveRowChange?: (row: TRow | null) => void
  /** Text for a failed request. */
  errorMessage: (error: Error) => string
  /**
   * The actions on selected rows. Given, the list gets a checkbox column and the selection keys
   * (x toggles, Shift+x selects a range, Shift+j/k select while moving), and a bar with the count
   * and these actions shows while rows are selected.
   */
  bulkActions?: (selected: readonly TRow[], clear: () => void) => ReactNode
  /**
   * The filters `source` applies (the screen's own, e.g. from its URL), as text: a change starts
   * the list over at its top, like a new search.
   */
  filterKey?: string
}

const OVERSCAN = 8

/**
 * A column's width hints: `minSize` is the least it takes (`size` when unset), and `size` its share
 * of the room beyond the minimums, so a long-valued column can be given more than a short one.
 */
const minWidthOf = (column: { columnDef: { minSize?: number }; getSize: () => number }) =>
  column.columnDef.minSize ?? column.getSize()

// createVar() yields `var(--name)`; an inline style needs the bare `--name`.
const cssVar = (reference: string) => reference.slice(4, -1)

export function DataTable<TRow extends RowData, TSort extends string>(
  props: DataTableProps<TRow, TSort>,
) {
  const { label, searchLabel, emptyMessage, source, defaults } = props
  const { getRowId, describeRow, rowActions, onCreate, onActiveRowChange, errorMessage } = props
  const { bulkActions } = props
  const selectable = bulkActions !== undefined
  const filterKey = props.filterKey ?? ''
  const { LL, locale } = useI18nContext()
  const baseId = useId()
  const scrollRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const [view, setView] = useUrlListView(defaults)
  const [visible, setVisible] = useState<IndexRange | null>(null)
  const rows = useWindowedRows(source, view, visible, filterKey)
  const total = rows.total ?? 0
  const virtual = useScaledVirtualizer(scrollRef, {
    count: total,
    rowHeight: styles.ROW_HEIGHT,
    headerHeight: styles.HEADER_HEIGHT,
    overscan: OVERSCAN,
    // The rows on screen (without overscan) decide which windows to fetch.
    onRange: (range) => {
      rows.onRange(range)
      setVisible((prev) =>
        prev && range && prev.first === range.first && prev.last === range.last ? prev : range,
      )
    },
  })
  const items = virtual.items

  const viewKey = `${view.orderBy} ${view.orderDirection} ${view.search} ${filterKey}`
  const [location] = useLocation()
  const search = useSearch()
  const [initialRowId] = useState(() => rowIdOf(search))
  const active = useActiveRow({ viewKey, rows, getRowId, rowActions, initialRowId })
  const activeId = active.id
  useEffect(() => rememberListPlace(location, search, activeId), [location, search, activeId])
  const activeIndex = active.index
  // A new sort or search shows a new list: start at its top. Not on mounting: a new scroller is at
  // its top already, and writing scrollTop would force the page's first layout in the commit.
  const listedKey = useRef(viewKey)
  useEffect(() => {
    if (listedKey.current === viewKey) return
    listedKey.current = viewKey
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [viewKey])

  const { sorting, onSortingChange, cycleSort } = useSortControl(view, setView, defaults)
  const mobile = useMobileLayout()
  const allColumns = props.columns
  const columns = useMemo(
    () => (mobile ? allColumns.filter((column) => !column.meta?.hideOnMobile) : allColumns),
    [mobile, allColumns],
  )
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows.data,
    getRowId,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange,
  })
  const tableRows = table.getRowModel().rows
  const leafColumns = table.getAllLeafColumns()
  const columnCount = leafColumns.length + (selectable ? 1 : 0)
  const template = [
    ...(selectable ? [`${styles.SELECT_WIDTH}px`] : []),
    ...leafColumns.map((c) => `minmax(${minWidthOf(c)}px, ${c.getSize()}fr)`),
  ].join(' ')
  const minWidth =
    leafColumns.reduce((sum, c) => sum + minWidthOf(c), 0) + (selectable ? styles.SELECT_WIDTH : 0)

  const rowAt = (index: number) => {
    const position = rows.locate(index)
    return position < 0 ? undefined : tableRows[position]
  }
  const selection = useSelection(view.search, (index) => {
    const row = rowAt(index)
    return row ? { id: row.id, row: row.original } : undefined
  })
  const selectedRows = selection.selection.rows

  // Rows sit in one layer, each at a fixed offset inside it; a scroll moves only the layer. The base
  // is the top of the row's block (the virtualizer's blocks, row-range.ts), so offsets stay small
  // numbers (exact in floating point) and a row's props do not change while it stays on screen:
  // memoised rows skip re-rendering.
  const firstIndex = items[0]?.index ?? 0
  const layerBase =
    styles.HEADER_HEIGHT + (firstIndex - (firstIndex % BLOCK_ROWS)) * styles.ROW_HEIGHT
  const activate = active.activate
  const openRow = active.openRow
  const canOpen = rowActions?.open !== undefined

  const moveTo = (index: number) => {
    activate(index)
    virtual.revealIndex(index)
  }
  // A row found again by its id (a refetch, a row named in the URL) is scrolled into view.
  const placedAt = active.placedAt
  const reveal = virtual.revealIndex
  useEffect(() => {
    if (placedAt !== null) reveal(placedAt)
  }, [placedAt, reveal])

  // A list page's primary target is the list: j/k work as soon as it shows, unless a `/` pressed
  // as it showed (this effect runs after the first paint) has already put focus in its search.
  useEffect(() => {
    if (document.activeElement !== searchRef.current)
      scrollRef.current?.focus({ preventScroll: true })
  }, [])

  const onSearch = useCallback((search: string) => setView({ ...view, search }), [setView, view])
  const stepRef = useRef<(delta: number) => void>(() => undefined)
  useEffect(() => {
    stepRef.current = (delta) => {
      if (total > 0) moveTo(Math.min(Math.max((activeIndex ?? -delta) + delta, 0), total - 1))
    }
  })
  // Registered before the first paint, so a key acting on the list finds it once it shows.
  useLayoutEffect(
    () =>
      registerList({
        focusSearch: () => searchRef.current?.focus(),
        step: (delta) => stepRef.current(delta),
        first: () => {
          scrollRef.current?.focus({ preventScroll: true })
          stepRef.current(-Number.MAX_SAFE_INTEGER)
        },
      }),
    [],
  )

  const focusRows = (searchChanged: boolean) => {
    scrollRef.current?.focus()
    // A new search lands on its first row (once its rows arrive); otherwise the row stays.
    if (searchChanged || activeIndex === null) active.activateFirst()
  }

  const singleKeys = useSingleKeys()
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed on a header's sort button belong to that button.
    if (event.target !== event.currentTarget) return
    const result = listKey({
      key: event.key,
      active: activeIndex,
      // Before the first rows arrive only the first row is reachable: j lands there at once and a
      // row key then waits for it.
      total: rows.total ?? 1,
      pageRows: virtual.pageRows,
      modified: event.ctrlKey || event.metaKey || event.altKey,
      singleKeys,
    })
    if (result.type === 'none') return
    if (result.type === 'create' && !onCreate) return
    if (result.type === 'row' && !rowActions?.[result.action]) return
    event.preventDefault()
    if ((result.type === 'select' || result.type === 'extend') && !selectable) return
    if (result.type === 'move') moveTo(result.index)
    else if (result.type === 'select') selection.select(result.index, result.range)
    else if (result.type === 'extend') {
      selection.extend(result.from, result.index)
      moveTo(result.index)
    } else if (result.type === 'create') onCreate?.()
    else if (result.type === 'sort') cycleSort(result.reverse)
    else active.act(result.action)
  }

  const activeRow = activeIndex === null ? undefined : rowAt(activeIndex)
  const activeOriginal = activeRow?.original ?? null
  useEffect(() => onActiveRowChange?.(activeOriginal), [onActiveRowChange, activeOriginal])
  const rowId = (index: number) => `${baseId}-row-${index}`
  const selectedOf = (id: string | undefined) => id !== undefined && selectedRows.has(id)
  const selectLabelOf = (row: TRow | undefined) =>
    selectable && row !== undefined ? LL.table.selectRow({ row: describeRow(row) }) : ''
  const numbers = numberFormat(locale)
  const announcement =
    activeIndex === null
      ? ''
      : LL.table.activeRow({
          position: numbers.format(activeIndex + 1),
          total: numbers.format(total),
          summary: activeRow ? describeRow(activeRow.original) : LL.table.loadingRow(),
        })

  return (
    <div className={styles.root} data-testid="data-table">
      <div className={styles.toolbar}>
        <SearchBox
          label={searchLabel}
          value={view.search}
          onSearch={onSearch}
          onLeave={focusRows}
          inputRef={searchRef}
        />
        <ListCount
          total={rows.total}
          capped={rows.capped}
          searching={view.search !== '' || filterKey !== ''}
        />
      </div>
      {rows.error ? (
        <Notice tone="danger">
          <span className={styles.errorRow}>
            {errorMessage(rows.error)}
            <Button size="sm" onClick={rows.retry}>
              {LL.common.retry()}
            </Button>
          </span>
        </Notice>
      ) : null}
      <div
        ref={scrollRef}
        role="grid"
        tabIndex={0}
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={columnCount}
        aria-multiselectable={selectable || undefined}
        aria-busy={rows.fetching}
        aria-activedescendant={activeRow && activeIndex !== null ? rowId(activeIndex) : undefined}
        aria-keyshortcuts={listKeyShortcuts(singleKeys)}
        className={styles.grid}
        style={{
          [cssVar(styles.columnTemplate)]: template,
          [cssVar(styles.minRowWidth)]: `${minWidth}px`,
        }}
        onKeyDown={onGridKeyDown}
      >
        <HeaderRow
          table={table}
          sortLabel={(name) => LL.table.sortBy({ column: name })}
          selectHeader={selectable ? LL.table.selectColumn() : undefined}
        />
        <div
          role="rowgroup"
          className={
            rows.total === null || rows.total === 0
              ? `${styles.body} ${styles.bodyWaiting}`
              : styles.body
          }
          style={{ height: Math.max(virtual.physicalHeight - styles.HEADER_HEIGHT, 0) }}
        >
          <div
            className={styles.rowsLayer}
            style={{
              transform: `translateY(${virtual.physicalTop(layerBase) - styles.HEADER_HEIGHT}px)`,
            }}
          >
            {items.map((item) => (
              <BodyRow
                key={item.index}
                id={rowId(item.index)}
                row={rowAt(item.index)}
                rowIndex={item.index}
                columns={columns}
                offset={item.start - layerBase}
                active={item.index === activeIndex}
                onActivate={activate}
                onOpen={canOpen ? openRow : undefined}
                selected={selectable ? selectedOf(rowAt(item.index)?.id) : null}
                selectLabel={selectLabelOf(rowAt(item.index)?.original)}
                onSelect={selection.select}
              />
            ))}
          </div>
          {rows.total === null && !rows.error ? <SkeletonRows columns={columnCount} /> : null}
          {rows.total === 0 ? (
            <MessageRow columns={columnCount}>
              {view.search !== ''
                ? LL.table.noMatches({ search: view.search })
                : filterKey !== ''
                  ? LL.table.noFilterMatches()
                  : emptyMessage}
            </MessageRow>
          ) : null}
        </div>
      </div>
      {bulkActions && selectedRows.size > 0 ? (
        <SelectionBar count={selectedRows.size} onClear={selection.clear}>
          {bulkActions([...selectedRows.values()], selection.clear)}
        </SelectionBar>
      ) : null}
      <p className={visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
