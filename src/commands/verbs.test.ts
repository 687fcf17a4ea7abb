import { describe, expect, it } from 'vitest'
import type { Can } from '../contract/permissions'
import type { Message } from './command'
import type { EntityHit, EntitySource } from './entity-source'
import { matchVerbs, verbCapabilities, verbSections, verbSources } from './verbs'

interface Thing {
  id: number
  name: string
  capabilities: string[]
  connected: boolean
}

const say =
  (text: string): Message =>
  () =>
    text

const devices: EntitySource<Thing> = {
  kind: 'devices',
  heading: say('Devices'),
  needs: {},
  search: () => Promise.resolve([]),
  view: (thing) => ({ id: String(thing.id), title: thing.name }),
  actions: [
    { id: 'device.open', label: say('Open device'), needs: {}, run: () => {} },
    {
      id: 'device.unlock',
      label: say('Unlock'),
      needs: { anyOf: ['devices:update'], capability: 'unlock', online: true },
      subject: (thing) => ({ capabilities: thing.capabilities, connected: thing.connected }),
      run: () => {},
    },
    {
      id: 'device.force_unlock',
      label: say('Force unlock'),
      needs: { anyOf: ['devices:update'], capability: 'force_unlock', online: true },
      subject: (thing) => ({ capabilities: thing.capabilities, connected: thing.connected }),
      run: () => {},
    },
    { id: 'device.delete', label: say('Delete device'), needs: {}, run: () => {} },
  ],
}

const users: EntitySource<Thing> = {
  kind: 'users',
  heading: say('Users'),
  needs: {},
  search: () => Promise.resolve([]),
  view: (thing) => ({ id: String(thing.id), title: thing.name }),
  actions: [
    { id: 'user.invite', label: say('Invite by e-mail'), needs: {}, run: () => {} },
    { id: 'user.delete', label: say('Delete user'), needs: {}, run: () => {} },
  ],
}

const sources = [devices, users] as EntitySource<unknown>[]
const admin: Can = () => true
const reader: Can = (needed) => !needed.includes('devices:update')
const label = (message: Message) => message({} as never)

const verbsOf = (text: string, can: Can = admin) =>
  matchVerbs(text, sources, can, label)?.verbs.map((verb) => verb.action.id) ?? null

describe('matchVerbs', () => {
  it.each([
    ['unlock recep', ['device.unlock'], 'recep'],
    ['unl rec', ['device.unlock'], 'rec'],
    ['force unl reception door', ['device.force_unlock'], 'reception door'],
    ['UNLOCK Empfang', ['device.unlock'], 'Empfang'],
    ['delete', ['device.delete', 'user.delete'], ''],
    ['del clara', ['device.delete', 'user.delete'], 'clara'],
    ['delete user clara', ['user.delete'], 'clara'],
    ['inv jonas', ['user.invite'], 'jonas'],
  ])('"%s" is %j on "%s"', (text, verbs, rest) => {
    expect(verbsOf(text)).toEqual(verbs)
    expect(matchVerbs(text, sources, admin, label)?.rest).toBe(rest)
  })

  it.each(['de', 'un rec', 'audit', 'clara', 'reception', ''])('"%s" is no verb', (text) => {
    expect(verbsOf(text)).toBeNull()
  })

  it('offers only verbs the user may use at all', () => {
    expect(verbsOf('unlock recep', reader)).toBeNull()
    expect(verbsOf('delete', reader)).toEqual(['device.delete', 'user.delete'])
  })

  it('searches each kind of the verbs once', () => {
    const match = matchVerbs('delete', sources, admin, label)
    expect(verbSources(match).map((source) => source.kind)).toEqual(['devices', 'users'])
    expect(verbSources(null)).toEqual([])
  })

  it('searches a kind for the capability its verbs need, when they all need the same one', () => {
    const needed = (text: string) =>
      [...verbCapabilities(matchVerbs(text, sources, admin, label))].map(([source, capability]) => [
        source.kind,
        capability,
      ])
    expect(needed('unlock recep')).toEqual([['devices', 'unlock']])
    expect(needed('force unl rec')).toEqual([['devices', 'force_unlock']])
    // Delete needs no capability: every device and user named so is searched.
    expect(needed('delete')).toEqual([])
    expect(verbCapabilities(null).size).toBe(0)
  })
})

const hit = (thing: Thing): EntityHit => ({
  source: devices,
  entity: thing,
  view: { id: String(thing.id), title: thing.name },
})

describe('verbSections', () => {
  // In the server's order; the server also finds names by words the palette cannot see.
  const found = [
    hit({ id: 2, name: 'Reception door', capabilities: ['unlock'], connected: true }),
    hit({ id: 3, name: 'Reception camera', capabilities: [], connected: true }),
    hit({ id: 1, name: 'Reception side door', capabilities: ['unlock'], connected: false }),
  ]

  it('lists what the verb applies to, best name first, an offline device with its reason', () => {
    const match = matchVerbs('unlock side', sources, admin, label)
    if (match === null) throw new Error('no verb')
    const [section, ...others] = verbSections({
      match,
      hits: [found],
      can: admin,
      viewer: { userId: 1 },
    })
    expect(others).toEqual([])
    expect(section?.heading({} as never)).toBe('Unlock')
    expect(section?.rank).toBe(0)
    expect(section?.query).toBe('side')
    const rows = section?.rows ?? []
    expect(
      rows.map((row) => (row.kind === 'command' ? row.listed.command.label({} as never) : '')),
    ).toEqual(['Reception side door', 'Reception door'])
    expect(
      rows.map((row) => (row.kind === 'command' ? row.listed.availability.state : '')),
    ).toEqual(['disabled', 'enabled'])
    expect(rows.every((row) => row.kind === 'command' && row.onEntity === true)).toBe(true)
  })

  it('ranks a verb alone with the entities and leaves out kinds without a row', () => {
    const match = matchVerbs('delete', sources, admin, label)
    if (match === null) throw new Error('no verb')
    const sections = verbSections({ match, hits: [found], can: admin, viewer: { userId: 1 } })
    expect(sections.map((section) => [section.id, section.rank])).toEqual([
      ['verb:devices:device.delete', 1],
    ])
  })
})
