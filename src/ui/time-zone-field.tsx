import { useMemo } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { timeZonePicker } from '../lib/time-zones'
import { Combobox } from './combobox/combobox'

interface TimeZoneFieldProps {
  /** An IANA zone, or '' for none (a location that follows its organization). */
  value: string
  onChange: (zone: string) => void
  onBlur?: () => void
  error?: string | null
  hint: string
  /**
   * What no zone means, offered as the first choice and shown while none is set ("Organization's
   * (Europe/Berlin)"); absent, a zone is required.
   */
  none?: string
}

/** "Time zone": an IANA zone this browser knows, picked by typing a city or region. */
export function TimeZoneField({ value, onChange, onBlur, error, hint, none }: TimeZoneFieldProps) {
  const { LL } = useI18nContext()
  const source = useMemo(
    () => timeZonePicker(none === undefined ? undefined : { value: '', label: none }),
    [none],
  )
  return (
    <Combobox
      name="time_zone"
      label={LL.timeZones.label()}
      hint={hint}
      required={none === undefined}
      placeholder={none ?? LL.timeZones.choose()}
      source={source}
      value={value}
      error={error}
      onChange={(zone) => onChange(zone)}
      onBlur={onBlur}
    />
  )
}
