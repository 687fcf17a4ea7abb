import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { auditKeys, fetchAuditPage, type AuditSort } from '../../api/audits'
import type { AuditEntry } from '../../contract/audits'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { ListPage } from '../../ui/data-table/list-page'
import type { ListSource } from '../../ui/data-table/use-windowed-rows'
import { auditColumns } from './audit-columns'
import { defaults } from './audit-view'
import { relativePhrase } from './relative-phrase'
import { useNow } from './use-now'

const source: ListSource<AuditEntry, AuditSort> = {
  queryKey: auditKeys.list,
  fetch: fetchAuditPage,
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
    <ListPage title={LL.audits.title()} intro={LL.audits.intro()}>
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
    </ListPage>
  )
}
