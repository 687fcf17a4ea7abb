import { createColumnHelper, type RowData } from '@tanstack/react-table'
import { Link } from 'wouter'
import { Button } from '../button'
import type { DataTableFeatures } from './features'
import * as styles from './data-table.css'

// Columns that lists of named things share: the name as a link to the thing's page, when it was
// created, and a Delete button for those who may. Column ids are the server's order_by names.

interface Named {
  name: string
}

/** The row's name, linking to its page; sorts by `name`. */
export function nameColumn<TRow extends RowData & Named>(options: {
  header: string
  href: (row: TRow) => string
  size?: number
}) {
  return createColumnHelper<DataTableFeatures, TRow>().accessor((row) => row.name, {
    id: 'name',
    header: options.header,
    size: options.size ?? 200,
    cell: (info) => (
      <Link className={styles.nameLink} href={options.href(info.row.original)}>
        {info.getValue()}
      </Link>
    ),
  })
}

/** When the row was made, as a date in the reader's language; sorts by `created_at`, newest first. */
export function createdColumn<TRow extends RowData & { created_at: string }>(options: {
  header: string
  date: Intl.DateTimeFormat
}) {
  return createColumnHelper<DataTableFeatures, TRow>().accessor((row) => row.created_at, {
    id: 'created_at',
    header: options.header,
    size: 140,
    sortDescFirst: true,
    cell: (info) => (
      <time dateTime={info.getValue()}>{options.date.format(Date.parse(info.getValue()))}</time>
    ),
  })
}

/** A Delete button named after its row ("Delete Office hours"). */
export function deleteColumn<TRow extends RowData>(options: {
  header: string
  text: string
  label: (row: TRow) => string
  onDelete: (row: TRow) => void
}) {
  return createColumnHelper<DataTableFeatures, TRow>().display({
    id: 'actions',
    header: options.header,
    size: 120,
    enableSorting: false,
    cell: (info) => (
      <Button
        tone="ghost"
        size="sm"
        aria-label={options.label(info.row.original)}
        onClick={() => options.onDelete(info.row.original)}
      >
        {options.text}
      </Button>
    ),
  })
}
