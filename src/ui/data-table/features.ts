import {
  columnSizingFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnHelper,
  type RowData,
} from '@tanstack/react-table'

// Sorting is registered for its state and header toggles only: the server sorts (manualSorting), so
// no sorted row model is registered. Sizing carries each column's width hints (minSize, size).
export const dataTableFeatures = tableFeatures({ rowSortingFeature, columnSizingFeature })

export type DataTableFeatures = typeof dataTableFeatures

/** The columns a DataTable shows, as built by `createColumnHelper<DataTableFeatures, Row>().columns`. */
export type DataTableColumns<TRow extends RowData> = ReturnType<
  ColumnHelper<DataTableFeatures, TRow>['columns']
>
