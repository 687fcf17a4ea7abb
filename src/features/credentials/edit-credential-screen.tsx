import { useEffect, useEffectEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { credentialDetail } from '../../api/credentials'
import type { Credential } from '../../contract/credentials'
import { pathTo } from '../../contract/pages'
import { usePerform } from '../../actions/action-host'
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
import { offlineCodeAction, deleteCredentialAction, reissueCodeAction } from './credential-actions'
import { useUpdateCredential } from './use-credential-mutations'
import { JournalHistory } from '../../journal/journal-history'
import { CredentialLocks } from './credential-locks'

/**
 * /credentials/edit/:id — its buttons run the credential's actions (credential-actions.tsx); a
 * bookmarked `?code=1` asks for the offline code, `?reissue=1` (Needs attention) for a new one.
 */
export function EditCredentialScreen() {
  const { LL } = useI18nContext()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(credentialDetail, (credential) => `#${credential.credential_id}`)
  usePageSubject('credentials', detail.item)
  const { id, item: credential } = detail
  const update = useUpdateCredential(id)
  const linked = dialogIdOf(search, 'code') !== null
  const reissueLinked = dialogIdOf(search, 'reissue') !== null
  // Asked once the credential is known; the word is dropped so Back and a reload do not ask again.
  const askLink = useEffectEvent((shown: Credential, param: 'code' | 'reissue') => {
    navigate(`${location}${withoutDialog(search, param)}`, { replace: true })
    perform(param === 'code' ? offlineCodeAction : reissueCodeAction, shown)
  })
  useEffect(() => {
    if (linked && credential !== undefined) askLink(credential, 'code')
  }, [linked, credential])
  useEffect(() => {
    if (reissueLinked && credential !== undefined) askLink(credential, 'reissue')
  }, [reissueLinked, credential])

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
            <Button tone="secondary" onClick={() => perform(offlineCodeAction, credential)}>
              {LL.credentials.code.open()}
            </Button>
            {can(deleteCredentialAction.needs.anyOf ?? []) ? (
              <Button tone="danger" onClick={() => perform(deleteCredentialAction, credential)}>
                {LL.credentials.delete()}
              </Button>
            ) : null}
          </>
        }
      />
      <CredentialLocks credential={credential} />
      <JournalHistory type="credential" id={credential.credential_id} />
    </Page>
  )
}
