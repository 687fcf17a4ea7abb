import { allPermissions } from '../../src/contract/permissions'
import type { SeededRole } from '../../src/contract/answer-codes'
import type { Capability, DeviceTypeId } from '../../src/contract/devices'

// Deterministic demo data. Everything here is fixed so that screenshots, tests and the README's
// walkthrough always see the same organizations, people and devices.

export const DEMO_PASSWORD = 'Demo-Password-1'

export const organizations = [
  {
    name: 'Acme',
    description: 'Acme Corporation, Berlin',
    clients: ['acme-web', 'acme-mobile'],
    timeZone: 'Europe/Berlin',
  },
  {
    name: 'Globex',
    description: 'Globex Corporation, Hamburg',
    clients: ['globex-portal'],
    timeZone: 'Europe/Berlin',
  },
] as const

const global = allPermissions.filter((p) => !p.endsWith(':org'))
const org = allPermissions.filter((p) => p.endsWith(':org'))

// Only a global administrator commands a door during a lockdown (docs/lockdown.md); staff may start
// one (whoever is at the desk when it happens) but not release it.
export const roles = [
  { role: 'admin', permissions: global },
  { role: 'org_admin', permissions: org.filter((p) => p !== 'lockdown:override:org') },
  // Who changed what is for administrators (docs/journal.md): staff read everything else.
  {
    role: 'staff',
    permissions: [
      ...org.filter((p) => p.includes(':read:') && !p.startsWith('journal:')),
      'lockdown:start:org',
      // They acknowledge and resolve incidents at the desk (decision 079).
      'incidents:update:org',
    ],
  },
  // Auditors read who may enter where, when (decision 065), beside the audit log.
  {
    role: 'auditor',
    permissions: [
      'devices:audits:read:org',
      'groups:read:org',
      'schedules:read:org',
      'access_rules:read:org',
      'alert_rules:read:org',
      'incidents:read:org',
      'webhooks:read:org',
    ],
  },
] as const satisfies readonly { role: SeededRole; permissions: readonly string[] }[]

export interface SeedUser {
  username: string
  email: string
  org: number
  role: string
  title: 'Mr.' | 'Ms.' | null
  first: string
  last: string
  /** Demo logins get the demo password; the rest must be invited. */
  login: boolean
}

export const demoUsers: SeedUser[] = [
  {
    username: 'admin',
    email: 'admin@demo.local',
    org: 0,
    role: 'admin',
    title: 'Ms.',
    first: 'Ada',
    last: 'Admin',
    login: true,
  },
  {
    username: 'orgadmin',
    email: 'orgadmin@demo.local',
    org: 0,
    role: 'org_admin',
    title: 'Mr.',
    first: 'Otto',
    last: 'Orgadmin',
    login: true,
  },
  {
    username: 'staff',
    email: 'staff@demo.local',
    org: 0,
    role: 'staff',
    title: 'Ms.',
    first: 'Stella',
    last: 'Staff',
    login: true,
  },
  {
    username: 'auditor',
    email: 'auditor@demo.local',
    org: 0,
    role: 'auditor',
    title: 'Mr.',
    first: 'Arne',
    last: 'Auditor',
    login: true,
  },
  {
    username: 'globexadmin',
    email: 'globexadmin@demo.local',
    org: 1,
    role: 'org_admin',
    title: 'Ms.',
    first: 'Gina',
    last: 'Globex',
    login: true,
  },
]

const firstNames = [
  'Mia',
  'Noah',
  'Emma',
  'Ben',
  'Lea',
  'Paul',
  'Hanna',
  'Finn',
  'Lina',
  'Jonas',
  'Clara',
  'Elias',
]
const lastNames = [
  'Schmidt',
  'Meyer',
  'Weber',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Braun',
]

export const staffUsers: SeedUser[] = firstNames.map((first, i) => {
  const last = lastNames[(i * 5) % lastNames.length] ?? 'Doe'
  const username = `${first}.${last}`.toLowerCase()
  return {
    username,
    email: `${username}@${i % 3 === 2 ? 'globex' : 'acme'}.example`,
    org: i % 3 === 2 ? 1 : 0,
    role: 'staff',
    title: i % 2 === 0 ? 'Ms.' : 'Mr.',
    first,
    last,
    login: false,
  }
})

export const deviceTypes: {
  id: DeviceTypeId
  description: string
  battery: boolean
  capabilities: Capability[]
}[] = [
  {
    id: 'lock',
    description: 'Smart lock',
    battery: true,
    capabilities: [
      'remotely_lock',
      'remotely_unlock',
      'remotely_force_unlock',
      'program_offline_access_codes',
    ],
  },
  {
    id: 'keypad',
    description: 'Keypad',
    battery: true,
    capabilities: ['program_offline_access_codes'],
  },
  { id: 'camera', description: 'Camera', battery: false, capabilities: [] },
  { id: 'relay', description: 'Relay', battery: false, capabilities: ['remotely_unlock'] },
  { id: 'motion_sensor', description: 'Motion sensor', battery: true, capabilities: [] },
  { id: 'door_sensor', description: 'Door sensor', battery: true, capabilities: [] },
  { id: 'temperature_sensor', description: 'Temperature sensor', battery: true, capabilities: [] },
  { id: 'multi_sensor', description: 'Multi sensor', battery: true, capabilities: [] },
  { id: 'router', description: 'Router', battery: false, capabilities: [] },
  { id: 'bridge', description: 'Bridge', battery: false, capabilities: [] },
]

export const capabilities: { id: Capability; description: string }[] = [
  { id: 'remotely_lock', description: 'Lock remotely' },
  { id: 'remotely_unlock', description: 'Unlock remotely' },
  { id: 'remotely_force_unlock', description: 'Force unlock remotely' },
  { id: 'program_offline_access_codes', description: 'Program offline access codes' },
]

export const manufacturers = ['Nuki', 'Salto', 'Axis', 'Shelly', 'Bosch', 'Ubiquiti'] as const

export const locations = [
  {
    org: 0,
    name: 'Acme HQ',
    street: 'Friedrichstraße',
    number: '68',
    postal_code: '10117',
    locality: 'Berlin',
    floors: ['Ground floor', 'First floor', 'Second floor'],
  },
  {
    org: 0,
    name: 'Acme Warehouse',
    street: 'Am Tempelhofer Berg',
    number: '7',
    postal_code: '10965',
    locality: 'Berlin',
    floors: ['Hall'],
  },
  {
    org: 1,
    name: 'Globex Tower',
    street: 'Jungfernstieg',
    number: '1',
    postal_code: '20354',
    locality: 'Hamburg',
    floors: ['Lobby', 'Executive floor'],
  },
] as const

/**
 * The access model's demo (decision 065), which later issues' demos and tests build on: a keypad
 * on Acme HQ's ground-floor reception door; the group "Reception team" with Clara; the schedule
 * "Office hours", Monday to Friday 07:00–19:00, with the calendar "Berlin holidays" (Berlin's
 * public holidays this year and next); and a rule giving the team the ground floor in those hours.
 */
export const accessDemo = {
  location: 'Acme HQ',
  floor: 'Ground floor',
  door: 'Ground floor Reception door',
  keypad: { name: 'Keypad – Ground floor Reception door', serial: 'SN-KP-RECEPTION' },
  group: { name: 'Reception team', description: 'The front desk at Acme HQ', member: 'Clara' },
  calendar: { name: 'Berlin holidays', region: 'DE-BE' },
  schedule: {
    name: 'Office hours',
    intervals: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' }],
  },
  rule: { name: 'Reception team — ground floor' },
} as const

/**
 * Door modes' demo (decision 069): two doors on Acme HQ's ground floor, each with a connected lock,
 * for "Office hours" with first person in from "Reception team" and "Unlock until 18:00"; and a
 * connected lock on no door, in the ground floor's reception (a cupboard), whose mode is its own
 * (decision 072).
 */
export const doorModesDemo = {
  location: 'Acme HQ',
  floor: 'Ground floor',
  doors: [
    { name: 'Main entrance', lock: { name: 'Lock – Main entrance', serial: 'SN-LK-MAIN' } },
    { name: 'Loading dock', lock: { name: 'Lock – Loading dock', serial: 'SN-LK-DOCK' } },
  ],
  doorlessLock: { name: 'Lock – Reception cupboard', serial: 'SN-LK-CUPBOARD' },
} as const

/**
 * The alerts' demo (decision 079): a connected door sensor on Acme HQ's ground-floor reception
 * door, whose simulated report holds the door open. The rule is not seeded: orgadmin makes it.
 */
export const alertsDemo = {
  location: accessDemo.location,
  door: accessDemo.door,
  sensor: { name: 'Door sensor – Ground floor Reception door', serial: 'SN-DS-RECEPTION' },
} as const
