import { describe, expect, it } from 'vitest'
import type { Incident } from '../../contract/alerts'
import { deviceSeverities } from './incident-attention'

const incident = (subject: Incident['subject'], severity: Incident['severity']) =>
  ({ subject, severity }) as Incident

describe('the severity a device row shows', () => {
  it('is the gravest of the open incidents about that device; places are not devices', () => {
    const found = deviceSeverities([
      incident({ kind: 'device', id: 7, name: 'Lock' }, 'info'),
      incident({ kind: 'device', id: 7, name: 'Lock' }, 'critical'),
      incident({ kind: 'device', id: 7, name: 'Lock' }, 'warning'),
      incident({ kind: 'device', id: 8, name: 'Keypad' }, 'warning'),
      incident({ kind: 'door', id: 7, name: 'Door' }, 'critical'),
    ])
    expect([...found]).toEqual([
      [7, 'critical'],
      [8, 'warning'],
    ])
  })
})
