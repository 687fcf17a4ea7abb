import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation, useParams, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/client'
import { credentialDetail } from '../../api/credentials'
import { needs } from '../../contract/permissions'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { pathTo } from '../../lib/paths'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { dialogIdOf, withoutDialog } from './dialog-param'
import { CredentialForm } from './credential-form'
import { valuesOf } from './credential-form-model'
import { DeleteCredentialDialog } from './delete-credential-dialog'
import { OfflineCodeDialog } from './offline-code-dialog'
import { useUpdateCredential } from './use-credential-mutations'

/** /credentials/edit/:id — `?code=1` opens the offline-code dialog (the palette's way in). */
export function EditCredentialScreen() {
  const { LL } = useI18nContext()
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
  const [location, navigate] = useLocation()
  const search = useSearch()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const [coding, setCoding] = useState(false)
  const query = useQuery({
    ...credentialDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  const update = useUpdateCredential(id)
  const credential = query.data
  useBreadcrumbLabel(id || undefined, credential ? `#${credential.credential_id}` : undefined)
  const linked = dialogIdOf(search, 'code') !== null

  if (id === 0 || isHttpStatus(query.error, 404))
    return (
      <Page title={LL.credentials.editTitle()}>
        <Notice tone="warning">{LL.credentials.notFound()}</Notice>
      </Page>
    )
  if (query.isError)
    return (
      <Page title={LL.credentials.editTitle()}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    )
  if (!credential) return <CenteredSpinner label={LL.common.loading()} />

  const title = LL.credentials.editNamed({ id: credential.credential_id })
  return (
    <Page title={title}>
      <CredentialForm
        label={title}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={credential.credential_id}
        initial={valuesOf(credential)}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(listPlacePath(pathTo('credentials'), id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.credentials.saved_notice({ id: saved.credential_id }))
          navigate(listPlacePath(pathTo('credentials'), saved.credential_id))
        }}
        extraActions={
          <>
            <Button tone="secondary" onClick={() => setCoding(true)}>
              {LL.credentials.code.open()}
            </Button>
            {can(needs('credentials', 'delete')) ? (
              <Button tone="danger" onClick={() => setConfirming(true)}>
                {LL.credentials.delete()}
              </Button>
            ) : null}
          </>
        }
      />
      <OfflineCodeDialog
        credential={coding || linked ? credential : null}
        onClose={() => {
          setCoding(false)
          if (linked) navigate(`${location}${withoutDialog(search, 'code')}`, { replace: true })
        }}
      />
      <DeleteCredentialDialog
        credential={confirming ? credential : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => navigate(listPlacePath(pathTo('credentials')))}
      />
    </Page>
  )
}
