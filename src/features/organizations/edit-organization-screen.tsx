import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationDetail } from '../../api/organizations'
import { isHttpStatus } from '../../api/client'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { useSession } from '../../session/session-context'
import { needs } from '../../contract/permissions'
import { Button } from '../../ui/button'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice, showToast } from '../../ui/notice'
import { pathTo } from '../../lib/paths'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { Page } from '../../ui/page'
import { DeleteOrganizationDialog } from './delete-organization-dialog'
import { OrganizationForm } from './organization-form'
import { valuesOf } from './organization-form-model'
import { useUpdateOrganization } from './use-organization-mutations'

/** /organizations/edit/:id — the breadcrumb shows the organization's name, not its id. */
export function EditOrganizationScreen() {
  const { LL } = useI18nContext()
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
  const [, navigate] = useLocation()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const query = useQuery({
    ...organizationDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  const update = useUpdateOrganization(id)
  const organization = query.data
  useBreadcrumbLabel(id || undefined, organization?.name)

  if (id === 0 || isHttpStatus(query.error, 404))
    return (
      <Page title={LL.organizations.editTitle()}>
        <Notice tone="warning">{LL.organizations.notFound()}</Notice>
      </Page>
    )
  if (query.isError)
    return (
      <Page title={LL.organizations.editTitle()}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    )
  if (!organization) return <CenteredSpinner label={LL.common.loading()} />

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
          can(needs('organizations', 'delete')) ? (
            <Button tone="danger" onClick={() => setConfirming(true)}>
              {LL.organizations.delete()}
            </Button>
          ) : null
        }
      />
      <DeleteOrganizationDialog
        organization={confirming ? organization : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => navigate(listPlacePath(pathTo('organizations')))}
      />
    </Page>
  )
}
