// @vitest-environment jsdom
import type { Can } from '../contract/permissions'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { Locales } from '../../i18n/i18n-types'
import { CommandButton, CommandMenuItem } from './command-button'
import { CommandsProvider } from './commands-provider'
import type { ListedCommand } from './palette-results'
import { fakeActions } from './fake-actions'
import type { PaletteContext, RouteRow } from './registry'
import { CommandRunnerContext } from './use-command'

const routes: RouteRow[] = [
  { id: 'dashboard', path: '/', anyOf: [], label: (LL) => LL.nav.dashboard() },
  {
    id: 'organizations-create',
    path: '/organizations/create',
    anyOf: ['organizations:create'],
    label: () => 'New organization',
  },
]

const nobody: Can = () => false

function mount(children: React.ReactNode, locale: Locales = 'en') {
  const actions = fakeActions()
  render(
    <TypesafeI18n locale={locale}>
      <CommandsProvider
        routes={routes}
        sources={[]}
        actions={actions}
        state={{ theme: 'light', language: locale, singleKeys: 'on' }}
        userId={1}
        can={nobody}
        commands={[]}
        perform={() => {}}
      >
        {children}
      </CommandsProvider>
    </TypesafeI18n>,
  )
  return actions
}

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('CommandMenuItem and CommandButton', () => {
  it("show the registry's label with its shortcut as the description, and run its command", () => {
    const onRan = vi.fn()
    const actions = mount(<CommandMenuItem id="theme.dark" onRan={onRan} />)
    const item = screen.getByRole('menuitem', { name: 'Switch to dark theme' })
    expect(item.getAttribute('aria-describedby')).not.toBeNull()
    expect(screen.getByRole('menuitem', { description: 'T then D' })).toBe(item)
    expect([...item.querySelectorAll('kbd')].map((key) => key.textContent)).toEqual(['T', 'D'])
    fireEvent.click(item)
    expect(actions.calls).toEqual(['setTheme:dark'])
    expect(onRan).toHaveBeenCalledTimes(1)
  })

  it('follow the language, like the palette', () => {
    mount(<CommandButton id="theme.dark" />, 'de')
    const button = screen.getByRole('button', { name: 'Zum dunklen Design wechseln' })
    expect(within(button).getByText('dann')).toBeTruthy()
  })

  it('render a command without a shortcut with no description', () => {
    const actions = mount(<CommandButton id="session.sign-out" compact />)
    const button = screen.getByRole('button', { name: 'Logout' })
    expect(button.getAttribute('aria-describedby')).toBeNull()
    // Compact: the label is visually hidden by the caller, so it is also the tooltip.
    expect(button.getAttribute('title')).toBe('Logout')
    fireEvent.click(button)
    expect(actions.calls).toEqual(['signOut'])
  })

  it('render nothing for a command this user may never use', () => {
    mount(
      <>
        <CommandButton id="create.organizations-create" />
        <CommandButton id="go.dashboard" />
      </>,
    )
    expect(screen.queryByRole('button', { name: 'New organization' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeTruthy()
  })

  it('show a disabled command with its reason and do not run it', () => {
    const run = vi.fn()
    const onRan = vi.fn()
    const listed: ListedCommand<PaletteContext>[] = [
      {
        command: {
          id: 'device.lock',
          label: () => 'Lock Front Door',
          group: 'actions',
          needs: { online: true },
          run,
        },
        availability: {
          state: 'disabled',
          reason: (LL) => LL.commands.reasons.offline(),
          cause: 'offline',
        },
      },
    ]
    render(
      <TypesafeI18n locale="en">
        <CommandRunnerContext value={{ listed, run }}>
          <CommandMenuItem id="device.lock" onRan={onRan} />
        </CommandRunnerContext>
      </TypesafeI18n>,
    )
    const item = screen.getByRole('menuitem', {
      name: 'Lock Front Door',
      description: 'The device is offline.',
    })
    expect(item.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(item)
    expect(run).not.toHaveBeenCalled()
    expect(onRan).not.toHaveBeenCalled()
  })

  it('refuse to render outside the palette, where there is no registry to read', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <TypesafeI18n locale="en">
          <CommandButton id="theme.dark" />
        </TypesafeI18n>,
      ),
    ).toThrow(/CommandPalette/)
  })
})

describe('the ? sheet', () => {
  it("lists the list keys from the DataTable's key table under their own heading", async () => {
    mount(<button type="button">Start</button>)
    screen.getByRole('button', { name: 'Start' }).focus()
    fireEvent.keyDown(document.activeElement ?? document.body, {
      key: '?',
      code: 'Minus',
      shiftKey: true,
    })
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await waitFor(() =>
      expect(within(sheet).getByRole('heading', { name: 'In lists' })).toBeTruthy(),
    )
    const next = within(sheet).getByText('Next row').nextElementSibling
    expect(next?.textContent).toBe('J or ↓')
    const pageDown = within(sheet).getByText('One screen down').nextElementSibling
    expect(pageDown?.textContent).toBe('Page Down')
  })
})
