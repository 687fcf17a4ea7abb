import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { CredentialForm } from './credential-form'
import { emptyValues } from './credential-form-model'
import { useCreateCredential } from './use-credential-mutations'

/** /credentials/create */
export function CreateCredentialScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateCredential()
  return (
    <Page title={LL.credentials.createTitle()}>
      <CredentialForm
        initial={emptyValues}
        label={LL.credentials.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('credentials')))}
        onSubmit={async (input) => {
          const credential = await create.mutateAsync(input)
          showToast(LL.credentials.created_notice({ id: credential.credential_id }))
          navigate(listPlacePath(pathTo('credentials'), credential.credential_id))
        }}
      />
    </Page>
  )
}
