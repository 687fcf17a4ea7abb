import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import {
  credentialDetail,
  filteredCredentialList,
  type CredentialSort,
} from '../../api/credentials'
import { Checkbox } from '../../ui/checkbox'
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
import { usePerform } from '../../actions/action-host'
import { dialogIdOf, withoutDialog, type DialogParam } from './dialog-param'
import { offlineCodeAction, deleteCredentialAction } from './credential-actions'
import { CredentialImport } from './credential-import'

const defaults: ListViewDefaults<CredentialSort> = {
  orderBy: 'credential_id',
  orderDirection: 'desc',
  sortable: ['credential_id', 'user_id', 'start_datetime'],
}

const getRowId = (credential: Credential) => String(credential.credential_id)

/**
 * /credentials: every credential the user may read. Its row buttons run the credential's actions
 * (credential-actions.tsx); a bookmarked `?code=<id>` / `?delete=<id>` asks the same action.
 */
export function CredentialsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const perform = usePerform()
  const canCreate = can(needs('credentials', 'create'))
  const canUpdate = can(needs('credentials', 'update'))
  const canDelete = can(deleteCredentialAction.needs.anyOf ?? [])
  const canReadUsers = can(needs('users', 'read'))
  const canReadDevices = can(needs('devices', 'read'))
  const canReadLocations = can(needs('locations', 'read'))
  // A link names the credential by id; its action is asked once the credential is known, and the
  // word is dropped so Back and a reload do not ask again.
  const codeId = dialogIdOf(search, 'code')
  const linked = useQuery({ ...credentialDetail(codeId ?? 0), enabled: codeId !== null })
  const deleteId = canDelete ? dialogIdOf(search, 'delete') : null
  const linkedDelete = useQuery({ ...credentialDetail(deleteId ?? 0), enabled: deleteId !== null })
  const askLink = useEffectEvent((param: DialogParam, credential: Credential) => {
    navigate(`${location}${withoutDialog(search, param)}`, { replace: true })
    perform(param === 'code' ? offlineCodeAction : deleteCredentialAction, credential)
  })
  useEffect(() => {
    if (linked.data !== undefined) askLink('code', linked.data)
  }, [linked.data])
  useEffect(() => {
    if (linkedDelete.data !== undefined) askLink('delete', linkedDelete.data)
  }, [linkedDelete.data])
  // "Not on every lock yet" (decision 073), kept in the URL like the devices' filters.
  const unsettledOnly = new URLSearchParams(search).get('sync') === 'unsettled'
  const source = useMemo(
    () => filteredCredentialList(unsettledOnly ? { sync: 'unsettled' } : {}),
    [unsettledOnly],
  )
  const setUnsettledOnly = (on: boolean) => {
    const params = new URLSearchParams(search)
    if (on) params.set('sync', 'unsettled')
    else params.delete('sync')
    const query = params.toString()
    navigate(query === '' ? location : `${location}?${query}`)
  }
  const place = useMemo(() => ({ locale }), [locale])
  const columns = useMemo(
    () =>
      credentialColumns({
        LL,
        place,
        canUpdate,
        canDelete,
        canRead: { users: canReadUsers, devices: canReadDevices, locations: canReadLocations },
        onCode: (credential) => perform(offlineCodeAction, credential),
        onDelete: (credential) => perform(deleteCredentialAction, credential),
      }),
    [LL, place, canUpdate, canDelete, canReadUsers, canReadDevices, canReadLocations, perform],
  )
  const rowActions = useMemo(() => {
    const edit = (credential: Credential) =>
      navigate(pathTo('credentials-edit', { id: credential.credential_id }))
    return {
      ...(canUpdate ? { open: edit, edit } : {}),
      ...(canDelete
        ? { remove: (credential: Credential) => perform(deleteCredentialAction, credential) }
        : {}),
    }
  }, [canUpdate, canDelete, navigate, perform])
  const describeRow = (credential: Credential) =>
    LL.credentials.row({
      id: credential.credential_id,
      user: credential.user_email,
      target: credential.assignment_name,
      schedule: scheduleText(LL, windowOf(credential), place),
    })
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
      <Checkbox
        label={LL.lockSync.filter()}
        checked={unsettledOnly}
        onCheckedChange={setUnsettledOnly}
      />
      <DataTable
        label={LL.credentials.gridLabel()}
        searchLabel={LL.credentials.search()}
        emptyMessage={LL.credentials.empty()}
        columns={columns}
        source={source}
        filterKey={unsettledOnly ? 'unsettled' : ''}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('credentials-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
