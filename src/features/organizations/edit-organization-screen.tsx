import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationDetail } from '../../api/organizations'
import { useSession } from '../../session/session-context'
import { usePerform } from '../../actions/action-host'
import { Button } from '../../ui/button'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { Page } from '../../ui/page'
import { deleteOrganizationAction } from './organization-actions'
import { OrganizationForm } from './organization-form'
import { valuesOf } from './organization-form-model'
import { useUpdateOrganization } from './use-organization-mutations'
import { JournalHistory } from '../../journal/journal-history'

/** /organizations/edit/:id — the breadcrumb shows the organization's name, not its id. */
export function EditOrganizationScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(organizationDetail, (organization) => organization.name)
  const { id, item: organization } = detail
  usePageSubject('organizations', organization)
  const update = useUpdateOrganization(id)

  if (!organization)
    return (
      <DetailState
        title={LL.organizations.editTitle()}
        notFound={LL.organizations.notFound()}
        detail={detail}
      />
    )

  return (
    <Page title={LL.organizations.editNamed({ name: organization.name })}>
      <OrganizationForm
        label={LL.organizations.editNamed({ name: organization.name })}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={organization.organization_id}
        initial={valuesOf(organization)}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(listPlacePath(pathTo('organizations'), id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.organizations.saved_notice({ name: saved.name }))
          navigate(listPlacePath(pathTo('organizations'), saved.organization_id))
        }}
        extraActions={
          can(deleteOrganizationAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteOrganizationAction, organization)}>
              {LL.organizations.delete()}
            </Button>
          ) : null
        }
      />
      <JournalHistory type="organization" id={organization.organization_id} />
    </Page>
  )
}
