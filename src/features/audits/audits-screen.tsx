import { useMemo } from 'react'
import { useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { AuditEntry } from '../../contract/audits'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { useEntryDrawer } from '../../ui/entry-drawer'
import { useLogTime } from '../../ui/moment'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { auditColumns } from './audit-columns'
import { AuditEntryDrawer } from './audit-entry-drawer'
import { AuditNewsBar } from './audit-news-bar'
import { auditListDefaults as defaults } from '../../contract/audit-view'
import { relativeAndExact } from '../../lib/relative-time-text'
import { boundedAuditList } from '../../api/audits'
import { doorParam } from '../../contract/pages'
import { DoorFilter } from './door-filter'

const getRowId = (entry: AuditEntry) => String(entry.audit_id)

/**
 * /audits: the device audit log (requirements R7.12), server-paged over the whole log as it was
 * when read; what arrives meanwhile waits behind the news bar.
 */
export function AuditsScreen() {
  const { LL } = useI18nContext()
  const { now, exact } = useLogTime()
  const columns = useMemo(() => auditColumns({ LL, now, exact }), [LL, now, exact])
  // `?door=` narrows the log to one door's devices: its own windows, bound and news.
  const doorId = doorParam(useSearch())
  const list = useMemo(() => boundedAuditList(doorId), [doorId])
  const drawer = useEntryDrawer<AuditEntry>()
  const describeRow = (entry: AuditEntry) =>
    LL.audits.row({
      command: LL.audits.commands[entry.command](),
      device: entry.device_name,
      actor: entry.actor_email,
      result: entry.result === 'success' ? LL.audits.success() : LL.audits.failure(),
      when: relativeAndExact(LL, entry.created_at, now, exact),
    })

  return (
    <Page
      title={LL.audits.title()}
      intro={doorId === null ? LL.audits.intro() : <DoorFilter doorId={doorId} />}
      actions={<AuditNewsBar key={doorId ?? 'all'} list={list} />}
    >
      <DataTable
        label={LL.audits.gridLabel()}
        searchLabel={LL.audits.search()}
        emptyMessage={doorId === null ? LL.audits.empty() : LL.audits.emptyDoor()}
        columns={columns}
        source={list.source}
        filterKey={doorId === null ? '' : String(doorId)}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={drawer.rowActions}
        onActiveRowChange={drawer.follow}
        errorMessage={(error) => errorText(LL, error)}
      />
      {/* Below the grid, not in the header: the boot frame paints the header before this screen's
          code, and a button arriving there moved the grid on a phone (first-impression.spec). */}
      <ListExport
        list="audits"
        defaults={defaults}
        {...(doorId === null ? {} : { filters: { door_id: doorId } })}
      />
      <AuditEntryDrawer
        entry={drawer.entry}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        now={now}
        exact={exact}
      />
    </Page>
  )
}
