import { describe, expect, it } from 'vitest'
import {
  deliveryServerFilters,
  formatDeliveryFilters,
  noDeliveryFilters,
  parseDeliveryFilters,
} from './delivery-log-view'

const id = `msg_${'ab'.repeat(16)}`

describe('the delivery log filters in the URL', () => {
  it('read back what they wrote, keeping other parameters', () => {
    const filters = { outcome: 'timeout', state: 'pending', message: id } as const
    const search = formatDeliveryFilters('?tab=1', filters)
    expect(search).toBe(`?tab=1&outcome=timeout&state=pending&message=${id}`)
    expect(parseDeliveryFilters(search)).toEqual({ filters, problems: [] })
    expect(formatDeliveryFilters(search, noDeliveryFilters)).toBe('?tab=1')
  })

  it('name a value they do not know and leave it out', () => {
    const { filters, problems } = parseDeliveryFilters('?outcome=lost&state=failed&message=msg_1')
    expect(filters).toEqual({ outcome: null, state: 'failed', message: null })
    expect(problems).toEqual([
      { name: 'outcome', value: 'lost' },
      { name: 'message', value: 'msg_1' },
    ])
  })

  it('ask the server with its own parameter names', () => {
    expect(deliveryServerFilters({ outcome: 'delivered', state: 'failed', message: id })).toEqual({
      outcome: 'delivered',
      message_state: 'failed',
      message_id: id,
    })
    expect(deliveryServerFilters(noDeliveryFilters)).toEqual({})
  })
})
