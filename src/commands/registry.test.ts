import { fakeActions } from './fake-actions'
import { describe, expect, it } from 'vitest'
import { LIST_KEYS, listKey } from '../ui/data-table/keyboard'
import type { Can } from '../contract/permissions'
import { createHotkeyEngine } from './hotkey-engine'
import { offered, usableShortcuts, withoutSingleKeys } from './palette-results'
import { buildRegistry, listKeyHints, type RouteRow } from './registry'
import { bindingsOf } from './use-hotkeys'

const label = () => 'x'
const routes: RouteRow[] = [
  { id: 'login', path: '/login', anyOf: [], guestOnly: true, label },
  { id: 'dashboard', path: '/', anyOf: [], label },
  {
    id: 'organizations',
    path: '/organizations',
    anyOf: ['organizations:read', 'organizations:read:org'],
    label,
  },
  {
    id: 'organizations-create',
    path: '/organizations/create',
    anyOf: ['organizations:create', 'organizations:create:org'],
    label,
  },
  {
    id: 'organizations-edit',
    path: '/organizations/edit/:id',
    anyOf: ['organizations:update'],
    label,
  },
  { id: 'audits', path: '/audits', anyOf: ['devices:audits:read'], label },
]

const grants =
  (...granted: string[]): Can =>
  (anyOf) =>
    anyOf.some((permission) => granted.includes(permission))

const ids = (can: Can) => offered(buildRegistry(routes), can).map((entry) => entry.command.id)

describe('registry', () => {
  it('derives one navigation command per static signed-in route and one create command per create route', () => {
    const registry = buildRegistry(routes)
    const byId = new Map(registry.map((command) => [command.id, command]))
    expect(byId.get('go.organizations')?.group).toBe('navigation')
    expect(byId.get('go.organizations')?.shortcut).toBe('g o')
    expect(byId.get('create.organizations-create')?.group).toBe('create')
    expect(byId.has('go.login')).toBe(false)
    expect([...byId.keys()].some((id) => id.includes('organizations-edit'))).toBe(false)
    expect(new Set(registry.map((command) => command.id)).size).toBe(registry.length)
  })

  it('runs navigation commands by navigating to the route path', () => {
    const visited: string[] = []
    const command = buildRegistry(routes).find(
      (entry) => entry.id === 'create.organizations-create',
    )
    void command?.run({
      navigate: (path) => visited.push(path),
      perform: () => {},
      app: fakeActions(),
      togglePalette: () => {},
      showShortcuts: () => {},
      goUp: () => {},
    })
    expect(visited).toEqual(['/organizations/create'])
  })

  it('leaves out what the user may never use: read-only staff get no create command', () => {
    const staff = ids(grants('organizations:read:org'))
    expect(staff).toContain('go.organizations')
    expect(staff).not.toContain('create.organizations-create')
    expect(staff).not.toContain('go.audits')
    const orgAdmin = ids(grants('organizations:read:org', 'organizations:create:org'))
    expect(orgAdmin).toContain('create.organizations-create')
  })

  it('offers app actions to everyone', () => {
    expect(ids(grants())).toEqual(
      expect.arrayContaining(['theme.dark', 'language.de', 'session.sign-out', 'go.dashboard']),
    )
  })

  it('lists in the cheat sheet only shortcuts usable now', () => {
    const sheet = usableShortcuts(offered(buildRegistry(routes), grants('organizations:read')))
    expect(sheet.map((entry) => entry.command.shortcut)).toEqual(
      expect.arrayContaining(['g d', 'g o', 'mod+k', '?']),
    )
    expect(sheet.map((entry) => entry.command.shortcut)).not.toContain('g a')
  })

  it('has no shortcut that shadows another, so the hotkey engine accepts it', () => {
    const bindings = buildRegistry(routes).flatMap((command) =>
      command.shortcut === undefined
        ? []
        : [{ id: command.id, shortcut: command.shortcut, scope: 'idle' as const }],
    )
    expect(() => createHotkeyEngine(bindings)).not.toThrow()
  })

  it("lists exactly the DataTable's keys, each of which the list really handles", () => {
    const table = Object.values(LIST_KEYS).flat()
    expect(listKeyHints.flatMap((hint) => hint.shortcuts)).toEqual(
      table.map((key) => (/^[A-Z]$/.test(key) ? `shift+${key.toLowerCase()}` : key.toLowerCase())),
    )
    const hint = (id: string) => listKeyHints.find((h) => h.id === id)?.shortcuts
    expect(hint('list.reverseSort')).toEqual(['shift+s'])
    expect(hint('list.selectRange')).toEqual(['shift+x'])
    expect(hint('list.next')).toEqual(['j', 'arrowdown'])
    for (const key of table) {
      const outcome = listKey({
        key,
        active: 3,
        total: 10,
        pageRows: 4,
        modified: false,
        singleKeys: true,
      })
      expect(outcome.type, key).not.toBe('none')
    }
  })

  it('never binds the row keys globally: the focused list handles them; / is the list search', () => {
    const bound = bindingsOf(offered(buildRegistry(routes), grants('organizations:read')))
    expect(bound.map((binding) => binding.shortcut)).toEqual(
      expect.arrayContaining(['g o', 't d', 't l']),
    )
    expect(bound.filter((binding) => binding.id.startsWith('list.')).map((b) => b.id)).toEqual([
      'list.search',
    ])
    expect(bound.some((binding) => ['j', 'k', 'e', 'enter'].includes(binding.shortcut))).toBe(false)
    expect(bound.find((binding) => binding.shortcut === '/')?.id).toBe('list.search')
  })
})

describe('single-key shortcuts off', () => {
  const state = { theme: 'light', language: 'en', singleKeys: 'off' } as const
  const listed = withoutSingleKeys(
    offered(buildRegistry(routes), grants('organizations:read'), state),
  )

  it('binds only chords with Ctrl/⌘ or Alt: the palette stays, g o and ? go', () => {
    const bound = bindingsOf(listed).map((binding) => binding.shortcut)
    expect(bound).toContain('mod+k')
    expect(bound).not.toContain('g o')
    expect(bound).not.toContain('?')
    expect(bound).not.toContain('/')
    const engine = createHotkeyEngine(bindingsOf(listed))
    const key = (k: string) => ({
      key: k,
      code: '',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
    })
    const idle = { editable: false, modal: false }
    expect(engine.handle(key('g'), idle, 0)).toEqual({ kind: 'none' })
    expect(engine.handle(key('o'), idle, 10)).toEqual({ kind: 'none' })
  })

  it('shows no single-key hint anywhere and offers the way back on', () => {
    expect(listed.some((entry) => entry.command.shortcut === 'g o')).toBe(false)
    expect(usableShortcuts(listed).map((entry) => entry.command.shortcut)).toEqual(
      expect.arrayContaining(['mod+k']),
    )
    const state = (id: string) =>
      listed.find((entry) => entry.command.id === id)?.availability.state
    expect(state('single-keys.on')).toBe('enabled')
    expect(state('single-keys.off')).not.toBe('enabled')
  })
})
