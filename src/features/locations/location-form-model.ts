import { LocationInput, type Location } from '../../contract/locations'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language.

export interface FormValues {
  name: string
  street: string
  number: string
  postal_code: string
  locality: string
  /** The owning organization's id as the select holds it; '' until one is known. */
  organization_id: string
  image_url: string
  description: string
  /** Its own IANA zone; '' follows its organization's (decision 065). */
  time_zone: string
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  name: '',
  street: '',
  number: '',
  postal_code: '',
  locality: '',
  organization_id: '',
  image_url: '',
  description: '',
  time_zone: '',
}

export function valuesOf(location: Location): FormValues {
  const { name, street, number, postal_code, locality, description } = location
  return {
    name,
    street,
    number,
    postal_code,
    locality,
    organization_id: String(location.organization_id),
    image_url: location.image_url ?? '',
    description,
    time_zone: location.time_zone ?? '',
  }
}

/**
 * What the contract checks: text trimmed, no organization as absent, no image and no zone of its
 * own as null.
 */
const prepared = (values: FormValues) => ({
  name: values.name.trim(),
  street: values.street.trim(),
  number: values.number.trim(),
  postal_code: values.postal_code.trim(),
  locality: values.locality.trim(),
  organization_id: values.organization_id === '' ? undefined : Number(values.organization_id),
  image_url: values.image_url.trim() === '' ? null : values.image_url.trim(),
  description: values.description.trim(),
  time_zone: values.time_zone === '' ? null : values.time_zone,
})

/** The form's fields in screen order, and what the contract checks. */
export const locationForm: FormCoreOptions<FormValues, LocationInput, FormField> = {
  struct: LocationInput,
  fields: [
    'name',
    'street',
    'number',
    'postal_code',
    'locality',
    'organization_id',
    'image_url',
    'description',
    'time_zone',
  ],
  prepare: prepared,
}
