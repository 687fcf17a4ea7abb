import { describe, expect, it } from 'vitest'
import { placeText } from './device-place'

describe('placeText', () => {
  it('walks from the location down to the door', () => {
    expect(placeText({ location: 'HQ', floor: 'F1', room: 'R2', door: 'D3' })).toBe(
      'HQ › F1 › R2 › D3',
    )
  })

  it('stops where the device is mounted', () => {
    expect(placeText({ location: 'HQ', floor: 'F1', room: null, door: null })).toBe('HQ › F1')
    expect(placeText({ location: 'HQ', floor: null, room: null, door: null })).toBe('HQ')
  })
})
