/**
 * The contender of bench/audits-browser.ts: AG Grid Community's infinite row model over the same
 * audit endpoint, six columns and row geometry as /audits. Built by the bench (bench/ag-grid/build.ts),
 * never by the product. It reads the session the console stored in localStorage.
 */
import {
  createGrid,
  InfiniteRowModelModule,
  ModuleRegistry,
  type ColDef,
  type IDatasource,
} from 'ag-grid-community'

interface AuditRow {
  created_at: string
  device_name: string
  command: string
  result: string
  actor_email: string
  detail: string
}

ModuleRegistry.registerModules([InfiniteRowModelModule])

const exact = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' })

const columnDefs: ColDef<AuditRow>[] = [
  {
    field: 'created_at',
    headerName: 'When',
    valueFormatter: ({ value }) =>
      typeof value === 'string' ? exact.format(Date.parse(value)) : '',
  },
  { field: 'device_name', headerName: 'Device' },
  { field: 'command', headerName: 'Command' },
  { field: 'result', headerName: 'Result' },
  { field: 'actor_email', headerName: 'Actor' },
  { field: 'detail', headerName: 'Detail' },
]

const datasource: IDatasource = {
  getRows: (params) => {
    const { startRow, endRow } = params
    const query = new URLSearchParams({
      start: String(startRow),
      length: String(endRow - startRow),
      order_by: 'audit_id',
      order_direction: 'desc',
      search: '',
    })
    fetch(`/sbm/v1/devices/audit?${query.toString()}`, {
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
      },
    })
      .then((response) => response.json() as Promise<{ data: AuditRow[]; recordsFiltered: number }>)
      .then((page) => params.successCallback(page.data, page.recordsFiltered))
      .catch(() => params.failCallback())
  },
}

const element = document.getElementById('grid')
if (!element) throw new Error('bench/ag-grid/index.html lacks #grid')

createGrid<AuditRow>(element, {
  columnDefs,
  defaultColDef: { flex: 1, minWidth: 120, sortable: false },
  rowModelType: 'infinite',
  cacheBlockSize: 100,
  rowHeight: 40,
  headerHeight: 44,
  datasource,
})
