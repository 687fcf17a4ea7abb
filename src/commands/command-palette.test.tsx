// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { navigate } from 'wouter/use-browser-location'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { Can } from '../contract/permissions'
import { CommandsProvider } from './commands-provider'
import type { EntitySource } from './entity-source'
import { fakeActions } from './fake-actions'
import type { PaletteContext, RouteRow } from './registry'

const routes: RouteRow[] = [
  { id: 'dashboard', path: '/', anyOf: [], label: (LL) => LL.nav.dashboard() },
  {
    id: 'organizations',
    path: '/organizations',
    anyOf: ['organizations:read', 'organizations:read:org'],
    label: () => 'Organizations',
  },
  {
    id: 'organizations-create',
    path: '/organizations/create',
    anyOf: ['organizations:create', 'organizations:create:org'],
    label: () => 'New organization',
  },
]

const grants =
  (...granted: string[]): Can =>
  (anyOf) =>
    anyOf.some((permission) => granted.includes(permission))

const admin = grants('organizations:read', 'organizations:create', 'organizations:update')

type Org = { id: number; name: string; description: string }
const acme: Org = { id: 4, name: 'Acme', description: 'Acme Corporation, Berlin' }

// An injected source: the palette's own behaviour, without the organizations endpoint behind it.
const search = vi.fn((text: string) => Promise.resolve(text.includes('acme') ? [acme] : []))
const organizations: EntitySource<Org, PaletteContext> = {
  kind: 'organizations',
  heading: () => 'Organizations',
  needs: { anyOf: ['organizations:read'] },
  search: (text) => search(text),
  view: (org) => ({ id: String(org.id), title: org.name, subtitle: org.description }),
  actions: [
    {
      id: 'organization.edit',
      label: () => 'Edit organization',
      needs: {},
      run: (ctx, org) => ctx.navigate(`/organizations/edit/${org.id}`),
    },
  ],
}

function mount(can: Can, actions = fakeActions()) {
  render(
    <TypesafeI18n locale="en">
      <button type="button">Before</button>
      <input aria-label="Field" />
      <CommandsProvider
        routes={routes}
        sources={[organizations as EntitySource<unknown, PaletteContext>]}
        actions={actions}
        state={{ theme: 'light', language: 'en', singleKeys: 'on' }}
        userId={7}
        can={can}
        commands={[]}
        perform={(action, entity) =>
          void action.run({ navigate, perform: () => {} }, entity, {
            idempotencyKey: 'test',
            queryClient: new QueryClient(),
          })
        }
      />
    </TypesafeI18n>,
  )
  return actions
}

const press = (init: KeyboardEventInit) =>
  fireEvent.keyDown(document.activeElement ?? document.body, init)
const input = () => screen.getByRole('combobox')
const type = (text: string) => fireEvent.change(input(), { target: { value: text } })

beforeAll(() => {
  loadLocale('en')
  // jsdom lacks these layout APIs that cmdk calls.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: () => {},
      configurable: true,
    })
  }
})

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
  search.mockClear()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('CommandPalette', () => {
  it('offers switching only to a theme or language that is not the current one', async () => {
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('theme')
    const light = await screen.findByRole('option', { name: /Switch to light theme/ })
    expect(light.getAttribute('aria-disabled')).toBe('true')
    expect(light.textContent).toContain('This is already the current setting.')
    const dark = screen.getByRole('option', { name: /Switch to dark theme/ })
    expect(dark.getAttribute('aria-disabled')).toBe('false')
  })

  it('opens with Ctrl+K even from a text field, runs the chosen command and returns focus', async () => {
    const actions = mount(admin)
    screen.getByRole('textbox', { name: 'Field' }).focus()
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(document.activeElement).toBe(input()))
    type('dark')
    await waitFor(() =>
      expect(
        screen.getByRole('option', { name: /Switch to dark theme/ }).getAttribute('aria-selected'),
      ).toBe('true'),
    )
    press({ key: 'Enter' })
    await waitFor(() => expect(actions.calls).toEqual(['setTheme:dark']))
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Field' }))
  })

  it('lists create commands only for users who may create', async () => {
    mount(grants('organizations:read:org'))
    press({ key: 'k', code: 'KeyK', metaKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('organization')
    expect(screen.getByRole('option', { name: /Go to Organizations/ })).toBeTruthy()
    expect(screen.queryByRole('option', { name: /New organization/ })).toBeNull()
  })

  it('offers recents per user, newest first', async () => {
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('dark')
    press({ key: 'Enter' })
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    const recent = screen.getByRole('group', { name: 'Recent' })
    expect(recent.textContent).toContain('Switch to dark theme')
    expect(JSON.parse(localStorage.getItem('palette_recents_7') ?? '[]')).toEqual(['theme.dark'])
  })

  it('searches an entity source, opens actions with Tab and goes back with Backspace', async () => {
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('acme')
    const option = await screen.findByRole('option', { name: /Acme/ })
    await waitFor(() => expect(option.getAttribute('aria-selected')).toBe('true'))
    expect(search).toHaveBeenCalledTimes(1)
    press({ key: 'Tab' })
    expect(await screen.findByRole('option', { name: 'Edit organization' })).toBeTruthy()
    expect(input().getAttribute('placeholder')).toBe('Actions for Acme…')
    press({ key: 'Backspace' })
    await waitFor(() =>
      expect(input().getAttribute('placeholder')).toBe('Type a command or search…'),
    )
    // Back on the root page with the query that found the organization.
    expect((input() as HTMLInputElement).value).toBe('acme')
    const again = await screen.findByRole('option', { name: /Acme/ })
    await waitFor(() => expect(again.getAttribute('aria-selected')).toBe('true'))
    press({ key: 'Enter' })
    await waitFor(() => expect(window.location.pathname).toBe('/organizations/edit/4'))
  })

  it('runs the first result once it arrives when Enter was typed before it; Ctrl+N/P move', async () => {
    let answer: (orgs: Org[]) => void = () => undefined
    search.mockImplementationOnce(
      () =>
        new Promise<Org[]>((resolve) => {
          answer = resolve
        }),
    )
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('acme')
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1))
    press({ key: 'Enter' })
    expect(window.location.pathname).toBe('/')
    answer([acme])
    await waitFor(() => expect(window.location.pathname).toBe('/organizations/edit/4'))
  })

  it('moves the selection with Ctrl+N and Ctrl+P', async () => {
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    const selected = () =>
      screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')
    await waitFor(() => expect(selected()).toBeTruthy())
    const before = selected()?.textContent
    press({ key: 'n', ctrlKey: true })
    await waitFor(() => expect(selected()?.textContent).not.toBe(before))
    press({ key: 'p', ctrlKey: true })
    await waitFor(() => expect(selected()?.textContent).toBe(before))
  })

  it('says so when the server search fails, and keeps the commands that match', async () => {
    search.mockRejectedValueOnce(new Error('503'))
    mount(admin)
    press({ key: 'k', code: 'KeyK', ctrlKey: true })
    await waitFor(() => expect(input()).toBeTruthy())
    type('organizations')
    expect(await screen.findByText(/Search is not available right now/)).toBeTruthy()
    expect(screen.getByRole('option', { name: /Go to Organizations/ })).toBeTruthy()
  })

  it('opens the cheat sheet with ? outside fields, not while typing', async () => {
    mount(grants())
    screen.getByRole('textbox', { name: 'Field' }).focus()
    press({ key: '?', code: 'Minus', shiftKey: true })
    expect(screen.queryByRole('dialog')).toBeNull()
    screen.getByRole('button', { name: 'Before' }).focus()
    press({ key: '?', code: 'Minus', shiftKey: true })
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(sheet.textContent).toContain('Go to Dashboard')
    expect(sheet.textContent).not.toContain('Go to Organizations')
  })

  it('navigates with a go-to sequence', () => {
    mount(admin)
    screen.getByRole('button', { name: 'Before' }).focus()
    press({ key: 'g', code: 'KeyG' })
    press({ key: 'o', code: 'KeyO' })
    return waitFor(() => expect(window.location.pathname).toBe('/organizations'))
  })
})
