import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchOrganizationPage } from '../../api/organizations'
import { Select } from '../../ui/select'
import { TextField } from '../../ui/text-field'

const organizationsQuery = {
  queryKey: ['organizations', 'list', 'location-form'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchOrganizationPage(
      { start: 0, length: 500, order_by: 'name', order_direction: 'asc', search: '' },
      signal,
    ),
}

interface OrganizationFieldProps {
  /** Global administrators choose; everyone else sees their own organization, fixed. */
  choose: boolean
  /** The caller's own organization, shown when it is fixed. */
  ownName: string
  value: string
  error: string | null
  onChange: (id: string) => void
  onBlur: () => void
}

/** Which organization a location belongs to. */
export function OrganizationField(props: OrganizationFieldProps) {
  const { LL } = useI18nContext()
  if (!props.choose)
    return (
      <TextField
        name="organization_id"
        label={LL.locations.organization()}
        value={props.ownName}
        hint={LL.locations.ownOrganization()}
        readOnly
      />
    )
  return <OrganizationSelect {...props} />
}

function OrganizationSelect(props: OrganizationFieldProps) {
  const { LL } = useI18nContext()
  const organizations = useQuery(organizationsQuery)
  const options = (organizations.data?.data ?? []).map((o) => ({
    value: String(o.organization_id),
    label: o.name,
  }))
  return (
    <Select
      name="organization_id"
      label={LL.locations.organization()}
      required
      value={props.value}
      placeholder={LL.locations.chooseOrganization()}
      options={options}
      aria-busy={organizations.isPending}
      hint={organizations.isError ? LL.locations.organizationsFailed() : undefined}
      error={props.error}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
    />
  )
}
