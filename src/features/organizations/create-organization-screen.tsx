import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { OrganizationForm } from './organization-form'
import { emptyValues } from './organization-form-model'
import { useCreateOrganization } from './use-organization-mutations'

/** /organizations/create */
export function CreateOrganizationScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateOrganization()
  return (
    <Page title={LL.organizations.createTitle()}>
      <OrganizationForm
        initial={emptyValues()}
        label={LL.organizations.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('organizations')))}
        onSubmit={async (input) => {
          const organization = await create.mutateAsync(input)
          showToast(LL.organizations.created_notice({ name: organization.name }))
          navigate(listPlacePath(pathTo('organizations'), organization.organization_id))
        }}
      />
    </Page>
  )
}
