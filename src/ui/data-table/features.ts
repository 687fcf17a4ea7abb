import {
  columnSizingFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnHelper,
  type RowData,
} from '@tanstack/react-table'

/** What a column says about its body cells besides their content (`meta` of a column definition). */
export interface DataTableColumnMeta {
  /**
   * A class for each of the column's body cells: a colour or weight is set on the cell itself, not
   * on an element wrapped around every value (fewer elements per row to style and lay out).
   */
  cellClass?: string
  /**
   * Left out at the mobile width (MOBILE_MAX) or less, so the columns a row is known by keep the
   * narrow screen (requirements R9.6).
   */
  hideOnMobile?: boolean
}

// Sorting is registered for its state and header toggles only: the server sorts (manualSorting), so
// no sorted row model is registered. Sizing carries each column's width hints (minSize, size).
// `columnMeta` only carries its type: it is what a column's `meta` must be.
const columnMeta: DataTableColumnMeta = {}
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnSizingFeature,
  columnMeta,
})

export type DataTableFeatures = typeof dataTableFeatures

/** The columns a DataTable shows, as built by `createColumnHelper<DataTableFeatures, Row>().columns`. */
export type DataTableColumns<TRow extends RowData> = ReturnType<
  ColumnHelper<DataTableFeatures, TRow>['columns']
>
