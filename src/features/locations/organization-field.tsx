import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationPicker } from '../../api/pickers'
import { Combobox } from '../../ui/combobox/combobox'
import { TextField } from '../../ui/text-field'

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
  return (
    <Combobox
      name="organization_id"
      label={LL.locations.organization()}
      required
      placeholder={LL.locations.chooseOrganization()}
      source={organizationPicker}
      value={props.value}
      error={props.error}
      onChange={(value) => props.onChange(value)}
      onBlur={props.onBlur}
    />
  )
}
