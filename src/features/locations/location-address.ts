import type { Location } from '../../contract/locations'

/** "Street Number, Postal code Locality", leaving out what is empty; '' when nothing is known. */
export function formatAddress(
  location: Pick<Location, 'street' | 'number' | 'postal_code' | 'locality'>,
): string {
  const line1 = [location.street, location.number].filter((part) => part !== '').join(' ')
  const line2 = [location.postal_code, location.locality].filter((part) => part !== '').join(' ')
  return [line1, line2].filter((line) => line !== '').join(', ')
}
