import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { credentialDetail, credentialList, type CredentialSort } from '../../api/credentials'
import type { Credential } from '../../contract/credentials'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../contract/list-view'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { credentialColumns } from './credential-columns'
import { scheduleText, windowOf } from '../../lib/credential-text'
import { dialogIdOf, withoutDialog } from './dialog-param'
import { DeleteCredentialDialog } from './delete-credential-dialog'
import { CredentialImport } from './credential-import'
import { OfflineCodeDialog } from './offline-code-dialog'

const defaults: ListViewDefaults<CredentialSort> = {
  orderBy: 'credential_id',
  orderDirection: 'desc',
  sortable: ['credential_id', 'user_id', 'start_datetime'],
}

const getRowId = (credential: Credential) => String(credential.credential_id)

/** /credentials: every credential the user may read; `?code=<id>` / `?delete=<id>` open dialogs. */
export function CredentialsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const [deleting, setDeleting] = useState<Credential | null>(null)
  const [coding, setCoding] = useState<Credential | null>(null)
  const canCreate = can(needs('credentials', 'create'))
  const canUpdate = can(needs('credentials', 'update'))
  const canDelete = can(needs('credentials', 'delete'))
  const canReadUsers = can(needs('users', 'read'))
  const canReadDevices = can(needs('devices', 'read'))
  const canReadLocations = can(needs('locations', 'read'))
  // The palette opens a credential's code by URL; the dialog reads the credential itself.
  const codeId = dialogIdOf(search, 'code')
  const linked = useQuery({ ...credentialDetail(codeId ?? 0), enabled: codeId !== null })
  const deleteId = canDelete ? dialogIdOf(search, 'delete') : null
  const linkedDelete = useQuery({ ...credentialDetail(deleteId ?? 0), enabled: deleteId !== null })
  const place = useMemo(() => ({ locale }), [locale])
  const columns = useMemo(
    () =>
      credentialColumns({
        LL,
        place,
        canUpdate,
        canDelete,
        canRead: { users: canReadUsers, devices: canReadDevices, locations: canReadLocations },
        onCode: setCoding,
        onDelete: setDeleting,
      }),
    [LL, place, canUpdate, canDelete, canReadUsers, canReadDevices, canReadLocations],
  )
  const rowActions = useMemo(() => {
    const edit = (credential: Credential) =>
      navigate(pathTo('credentials-edit', { id: credential.credential_id }))
    return {
      ...(canUpdate ? { open: edit, edit } : {}),
      ...(canDelete ? { remove: setDeleting } : {}),
    }
  }, [canUpdate, canDelete, navigate])
  const describeRow = (credential: Credential) =>
    LL.credentials.row({
      id: credential.credential_id,
      user: credential.user_email,
      target: credential.assignment_name,
      schedule: scheduleText(LL, windowOf(credential), place),
    })
  const closeCode = () => {
    setCoding(null)
    if (codeId !== null) navigate(`${location}${withoutDialog(search, 'code')}`, { replace: true })
  }
  const closeDelete = () => {
    setDeleting(null)
    if (deleteId !== null)
      navigate(`${location}${withoutDialog(search, 'delete')}`, { replace: true })
  }

  return (
    <Page
      title={LL.nav.credentials()}
      actions={
        <>
          <ListExport list="credentials" defaults={defaults} />
          {canCreate ? <CredentialImport /> : null}
          {canCreate ? (
            <Link className={buttonClass()} href={pathTo('credentials-create')}>
              {LL.credentials.create()}
            </Link>
          ) : null}
        </>
      }
    >
      <DataTable
        label={LL.credentials.gridLabel()}
        searchLabel={LL.credentials.search()}
        emptyMessage={LL.credentials.empty()}
        columns={columns}
        source={credentialList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('credentials-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
      <DeleteCredentialDialog
        credential={deleting ?? (deleteId !== null ? (linkedDelete.data ?? null) : null)}
        onClose={closeDelete}
      />
      <OfflineCodeDialog
        credential={coding ?? (codeId !== null ? (linked.data ?? null) : null)}
        onClose={closeCode}
      />
    </Page>
  )
}
