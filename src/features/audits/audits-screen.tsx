import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { auditKeys, fetchAuditPage, type AuditSort } from '../../api/audits'
import type { AuditEntry } from '../../contract/audits'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../ui/data-table/list-view'
import { Page } from '../../ui/page'
import type { ListSource } from '../../ui/data-table/use-windowed-rows'
import { auditColumns } from './audit-columns'
import { relativePhrase } from './relative-phrase'
import { useNow } from './use-now'

const source: ListSource<AuditEntry, AuditSort> = {
  queryKey: auditKeys.list,
  fetch: fetchAuditPage,
}

// Newest first (the server's default too); SPEC 9's "user_id desc" is reachable from the Actor header.
const defaults: ListViewDefaults<AuditSort> = {
  orderBy: 'audit_id',
  orderDirection: 'desc',
  sortable: ['audit_id', 'device_name', 'command', 'result', 'user_id'],
}

const getRowId = (entry: AuditEntry) => String(entry.audit_id)

/** /audits: the device audit log (SPEC 7), server-paged over the whole log. */
export function AuditsScreen() {
  const { LL, locale } = useI18nContext()
  const now = useNow(30_000)
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }),
    [locale],
  )
  const columns = useMemo(() => auditColumns({ LL, now, exact }), [LL, now, exact])
  const describeRow = (entry: AuditEntry) =>
    LL.audits.row({
      command: LL.audits.commands[entry.command](),
      device: entry.device_name,
      actor: entry.actor_email,
      result: entry.result === 'success' ? LL.audits.success() : LL.audits.failure(),
      when: `${relativePhrase(LL, entry.created_at, now)}, ${exact.format(Date.parse(entry.created_at))}`,
    })

  return (
    <Page title={LL.audits.title()} intro={LL.audits.intro()}>
      <DataTable
        label={LL.audits.gridLabel()}
        searchLabel={LL.audits.search()}
        emptyMessage={LL.audits.empty()}
        columns={columns}
        source={source}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
