import { describe, expect, it } from 'vitest'
import { formatAddress } from './location-address'

const address = { street: 'Hauptstraße', number: '5a', postal_code: '10115', locality: 'Berlin' }

describe('formatAddress', () => {
  it('reads street number, postal code locality', () => {
    expect(formatAddress(address)).toBe('Hauptstraße 5a, 10115 Berlin')
  })
  it('leaves out the parts that are empty', () => {
    expect(formatAddress({ ...address, number: '', postal_code: '' })).toBe('Hauptstraße, Berlin')
    expect(formatAddress({ ...address, street: '', number: '' })).toBe('10115 Berlin')
    expect(formatAddress({ street: '', number: '', postal_code: '', locality: '' })).toBe('')
  })
})
