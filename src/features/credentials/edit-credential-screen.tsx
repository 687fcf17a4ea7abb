import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { credentialDetail } from '../../api/credentials'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { dialogIdOf, withoutDialog } from './dialog-param'
import { CredentialForm } from './credential-form'
import { valuesOf } from './credential-form-model'
import { DeleteCredentialDialog } from './delete-credential-dialog'
import { OfflineCodeDialog } from './offline-code-dialog'
import { useUpdateCredential } from './use-credential-mutations'
import { JournalHistory } from '../../journal/journal-history'

/** /credentials/edit/:id — `?code=1` opens the offline-code dialog (the palette's way in). */
export function EditCredentialScreen() {
  const { LL } = useI18nContext()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const [coding, setCoding] = useState(false)
  const detail = useDetail(credentialDetail, (credential) => `#${credential.credential_id}`)
  usePageSubject('credentials', detail.item)
  const { id, item: credential } = detail
  const update = useUpdateCredential(id)
  const linked = dialogIdOf(search, 'code') !== null

  if (!credential)
    return (
      <DetailState
        title={LL.credentials.editTitle()}
        notFound={LL.credentials.notFound()}
        detail={detail}
      />
    )

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
      <JournalHistory type="credential" id={credential.credential_id} />
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
