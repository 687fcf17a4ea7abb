import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { downloadCsv, type CsvProgress } from '../api/list-export'
import { exportPaths, type ExportList, type QueryValue } from '../contract/api-paths'
import { needs, type Resource } from '../contract/permissions'
import { parseListView, type ListViewDefaults } from '../contract/list-view'
import { numberFormat } from '../lib/number-format'
import { buttonClass } from '../ui/button'
import { errorText } from '../ui/data-table/error-text'
import { sprinkles } from '../ui/sprinkles.css'
import type { Command } from './command'
import { CommandButton } from './command-button'
import type { PaletteContext } from './registry'
import { useScreenCommands } from './screen-commands'

type ExportState =
  | { kind: 'idle' }
  | ({ kind: 'running' } & CsvProgress)
  | { kind: 'done'; rows: number; file: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: Error }

/** The lists exported at a path of their own: an endpoint's delivery log, the mail queue. */
type PathList = 'webhookDeliveries' | 'mailQueue'
/** The lists with an export: those of exportPaths, and those given their path. */
type ExportKind = ExportList | PathList

type ListExportProps<TSort extends string> = (
  { list: ExportList; path?: never } | { list: PathList; path: string }
) & {
  /** The list's sort defaults: the sort and search are read from the URL as the list reads them. */
  defaults: ListViewDefaults<TSort>
  /** The screen's filters as list parameters (devices, journal), as the list sends them. */
  filters?: Readonly<Record<string, QueryValue>>
}

const EXPORT_COMMAND = 'list.export'

const read = (resource: Resource) => needs(resource, 'read')
// The permissions each list's export asks, as its list does: the mail queue belongs to no
// organization, and is for who may change every one (decision 087).
const needsOf: Record<ExportKind, readonly string[]> = {
  organizations: read('organizations'),
  users: read('users'),
  locations: read('locations'),
  devices: read('devices'),
  credentials: read('credentials'),
  audits: read('devices:audits'),
  journal: read('journal'),
  webhookDeliveries: read('webhooks'),
  mailQueue: needs('organizations', 'update'),
}

/**
 * "Export … as CSV" for the list on screen: a button beside the page's title and the same command
 * in the palette while the list is mounted, exporting the list's current sort, search and filters.
 * While the file streams in, a status line counts rows and bytes and Cancel stops it (nothing is
 * saved); focus then returns to the export button.
 */
export function ListExport<TSort extends string>({
  list,
  path,
  defaults,
  filters,
}: ListExportProps<TSort>) {
  const { LL, locale } = useI18nContext()
  const search = useSearch()
  const [state, setState] = useState<ExportState>({ kind: 'idle' })
  const running = useRef<AbortController | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const view = parseListView(search, defaults)
  const query = {
    order_by: view.orderBy,
    order_direction: view.orderDirection,
    search: view.search,
    ...filters,
  }
  const start = () => {
    if (running.current !== null) return
    const controller = new AbortController()
    running.current = controller
    setState({ kind: 'running', rows: 0, bytes: 0 })
    downloadCsv(
      list === 'webhookDeliveries' || list === 'mailQueue' ? path : exportPaths[list],
      list,
      query,
      {
        language: locale,
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'running', ...progress }),
      },
    )
      .then(({ rows, file }) => setState({ kind: 'done', rows, file }))
      .catch((error: unknown) =>
        setState(
          controller.signal.aborted
            ? { kind: 'cancelled' }
            : { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) },
        ),
      )
      .finally(() => {
        running.current = null
        box.current?.querySelector<HTMLElement>(`[data-command="${EXPORT_COMMAND}"]`)?.focus()
      })
  }
  // The palette's command runs the latest view's export, though the command itself stays put.
  const latest = useRef(start)
  useEffect(() => {
    latest.current = start
  })
  useEffect(() => () => running.current?.abort(), [])
  const commands = useMemo(
    (): Command<PaletteContext>[] => [
      {
        id: EXPORT_COMMAND,
        label: (LL) => LL.csv.exportList({ list: LL.csv.lists[list]() }),
        group: 'actions',
        needs: { anyOf: needsOf[list] },
        keywords: ['export', 'csv', 'download', 'spreadsheet', 'exportieren', 'herunterladen'],
        run: () => latest.current(),
      },
    ],
    [list],
  )
  useScreenCommands(commands)

  const count = numberFormat(locale)
  const bytes = (n: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: n < 1e6 ? 'kilobyte' : 'megabyte',
      maximumFractionDigits: 1,
    }).format(n < 1e6 ? n / 1e3 : n / 1e6)
  const status =
    state.kind === 'running'
      ? LL.csv.exporting({
          list: LL.csv.lists[list](),
          rows: count.format(state.rows),
          bytes: bytes(state.bytes),
        })
      : state.kind === 'done'
        ? LL.csv.done({ rows: count.format(state.rows), file: state.file })
        : state.kind === 'cancelled'
          ? LL.csv.cancelled()
          : state.kind === 'failed'
            ? LL.csv.failed({ reason: errorText(LL, state.error) })
            : ''
  return (
    <div
      ref={box}
      className={sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', flexWrap: 'wrap' })}
    >
      <CommandButton id={EXPORT_COMMAND} className={buttonClass({ tone: 'secondary' })} />
      <span role="status" data-export-status={state.kind}>
        {status}
      </span>
      {state.kind === 'running' ? (
        <button
          type="button"
          className={buttonClass({ tone: 'ghost' })}
          onClick={() => running.current?.abort()}
        >
          {LL.csv.cancel()}
        </button>
      ) : null}
    </div>
  )
}
