import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationDetail } from '../../api/organizations'
import { TimeZoneField } from '../../ui/time-zone-field'

interface LocationTimeZoneFieldProps {
  /** The owning organization's id as the form holds it; '' until one is known. */
  organizationId: string
  value: string
  error: string | null
  onChange: (zone: string) => void
  onBlur: () => void
}

/**
 * A location's own time zone, optional: without one its schedules follow its organization's
 * clock, which the empty choice names ("Organization's (Europe/Berlin)").
 */
export function LocationTimeZoneField(props: LocationTimeZoneFieldProps) {
  const { organizationId, ...field } = props
  const { LL } = useI18nContext()
  const id = /^\d+$/.test(organizationId) ? Number(organizationId) : 0
  const organization = useQuery({ ...organizationDetail(id), enabled: id > 0 })
  const zone = organization.data?.time_zone
  return (
    <TimeZoneField
      {...field}
      hint={LL.timeZones.locationHint()}
      none={
        zone === undefined
          ? LL.timeZones.organizationsUnknown()
          : LL.timeZones.organizations({ zone })
      }
    />
  )
}
