import type { Locales } from '../../i18n/i18n-types'
import { activeList } from '../ui/data-table/active-list'
import { LIST_KEYS, type ListAction } from '../ui/data-table/keyboard'
import { pendingNews } from '../ui/news-handle'
import type { Command, CommandContext, KeyHint, Message, Shortcut } from './command'

/** What commands may do to the app; app/ provides them (its own actions satisfy this port). */
export interface PaletteAppActions {
  openSettings(): void
  toggleTheme(): void
  setTheme(mode: 'light' | 'dark'): void
  setSingleKeys(on: boolean): void
  setLanguage(locale: Locales): void | Promise<void>
  toggleSidebar(): void
  signOut(): void | Promise<void>
}

export interface PaletteContext extends CommandContext {
  readonly app: PaletteAppActions
  togglePalette(): void
  showShortcuts(): void
  /** The page one level up (an edit page's list), as the breadcrumb links it. */
  goUp(): void
}

/** The parts of a route table row the registry reads (src/app/routes.ts). */
export interface RouteRow {
  readonly id: string
  readonly path: string
  readonly anyOf: readonly string[]
  readonly guestOnly?: boolean
  readonly label: Message
}

/**
 * Go-to sequences by route id: `g` + the first letter, except devices (`v`), whose `d` the
 * dashboard already has. Routes added later without an entry here still get a palette command,
 * just no sequence.
 */
export const GO_TO_KEYS: Readonly<Record<string, Shortcut>> = {
  dashboard: 'g d',
  organizations: 'g o',
  users: 'g u',
  locations: 'g l',
  devices: 'g v',
  credentials: 'g c',
  audits: 'g a',
  journal: 'g j',
  groups: 'g g',
  incidents: 'g i',
  webhooks: 'g w',
  'mail-queue': 'g m',
  settings: 'g s',
}

const isCreate = (route: RouteRow) => route.path.endsWith('/create')
// Pages that need an id (`/organizations/edit/:id`) are reached through an entity, not by name.
const isStatic = (route: RouteRow) => !route.path.includes(':')

/** Navigation and create commands, one per route row: the route table stays the only list. */
export function routeCommands(routes: readonly RouteRow[]): Command<PaletteContext>[] {
  return routes
    .filter((route) => route.guestOnly !== true && isStatic(route))
    .map((route): Command<PaletteContext> => {
      const keywords = [route.path, ...route.path.split('/').filter(Boolean)]
      if (isCreate(route)) {
        return {
          id: `create.${route.id}`,
          label: route.label,
          group: 'create',
          keywords: ['new', 'add', ...keywords],
          needs: { anyOf: route.anyOf },
          run: (ctx) => ctx.navigate(route.path),
        }
      }
      const shortcut = GO_TO_KEYS[route.id]
      return {
        id: `go.${route.id}`,
        label: (LL) => LL.commands.goTo({ page: route.label(LL) }),
        group: 'navigation',
        ...(shortcut === undefined ? {} : { shortcut }),
        keywords: ['go', 'open', ...keywords],
        needs: { anyOf: route.anyOf },
        run: (ctx) => ctx.navigate(route.path),
      }
    })
}

/** The command behind Ctrl/Cmd+K: boot-time keys that open the palette are replayed into it. */
export const PALETTE_COMMAND_ID = 'palette.toggle'

/** What the console itself can do, whatever screen is shown. Keywords are English synonyms. */
export const appCommands: readonly Command<PaletteContext>[] = [
  {
    id: PALETTE_COMMAND_ID,
    label: (LL) => LL.commands.actions.openPalette(),
    group: 'actions',
    shortcut: 'mod+k',
    hidden: true,
    needs: {},
    run: (ctx) => ctx.togglePalette(),
  },
  {
    id: 'shortcuts.show',
    label: (LL) => LL.commands.actions.showShortcuts(),
    group: 'actions',
    shortcut: '?',
    keywords: ['help', 'keyboard', 'hotkeys', 'cheat sheet'],
    needs: {},
    run: (ctx) => ctx.showShortcuts(),
  },
  {
    id: 'list.search',
    label: (LL) => LL.commands.list.focusSearch(),
    group: 'actions',
    shortcut: '/',
    hidden: true,
    needs: {},
    run: () => activeList()?.focusSearch(),
  },
  {
    id: 'news.show',
    label: (LL) => LL.commands.actions.showNew(),
    group: 'actions',
    shortcut: 'shift+r',
    hidden: true,
    needs: {},
    run: () => pendingNews()?.show(),
  },
  {
    id: 'nav.up',
    label: (LL) => LL.commands.actions.up(),
    group: 'navigation',
    shortcut: 'u',
    keywords: ['back', 'parent', 'list'],
    needs: {},
    run: (ctx) => ctx.goUp(),
  },
  {
    id: 'theme.toggle',
    label: (LL) => LL.commands.actions.toggleTheme(),
    group: 'actions',
    keywords: ['dark', 'light', 'mode', 'appearance'],
    needs: {},
    run: (ctx) => ctx.app.toggleTheme(),
  },
  {
    id: 'theme.dark',
    label: (LL) => LL.commands.actions.darkTheme(),
    group: 'actions',
    shortcut: 't d',
    keywords: ['mode', 'appearance', 'night'],
    needs: { notWhen: { theme: 'dark' } },
    run: (ctx) => ctx.app.setTheme('dark'),
  },
  {
    id: 'theme.light',
    label: (LL) => LL.commands.actions.lightTheme(),
    group: 'actions',
    shortcut: 't l',
    keywords: ['mode', 'appearance', 'day'],
    needs: { notWhen: { theme: 'light' } },
    run: (ctx) => ctx.app.setTheme('light'),
  },
  {
    id: 'single-keys.off',
    label: (LL) => LL.commands.actions.singleKeysOff(),
    group: 'actions',
    keywords: ['keyboard', 'shortcuts', 'speech', 'accessibility', 'tastenkürzel'],
    needs: { notWhen: { singleKeys: 'off' } },
    run: (ctx) => ctx.app.setSingleKeys(false),
  },
  {
    id: 'single-keys.on',
    label: (LL) => LL.commands.actions.singleKeysOn(),
    group: 'actions',
    keywords: ['keyboard', 'shortcuts', 'tastenkürzel'],
    needs: { notWhen: { singleKeys: 'on' } },
    run: (ctx) => ctx.app.setSingleKeys(true),
  },
  {
    id: 'language.en',
    label: (LL) => LL.commands.actions.languageEnglish(),
    group: 'actions',
    keywords: ['language', 'sprache', 'english', 'englisch'],
    needs: { notWhen: { language: 'en' } },
    run: (ctx) => ctx.app.setLanguage('en'),
  },
  {
    id: 'language.de',
    label: (LL) => LL.commands.actions.languageGerman(),
    group: 'actions',
    keywords: ['language', 'sprache', 'german', 'deutsch'],
    needs: { notWhen: { language: 'de' } },
    run: (ctx) => ctx.app.setLanguage('de'),
  },
  {
    id: 'settings.open',
    label: (LL) => LL.commands.actions.openSettings(),
    group: 'actions',
    keywords: ['preferences', 'options', 'einstellungen'],
    needs: {},
    run: (ctx) => ctx.app.openSettings(),
  },
  {
    id: 'sidebar.toggle',
    label: (LL) => LL.commands.actions.toggleSidebar(),
    group: 'actions',
    keywords: ['menu', 'navigation', 'collapse', 'expand'],
    needs: {},
    run: (ctx) => ctx.app.toggleSidebar(),
  },
  {
    id: 'session.sign-out',
    label: (LL) => LL.commands.actions.signOut(),
    group: 'actions',
    keywords: ['sign out', 'log out', 'logout', 'abmelden'],
    needs: {},
    run: (ctx) => ctx.app.signOut(),
  },
]

const LIST_LABELS: Record<ListAction, Message> = {
  next: (LL) => LL.commands.list.next(),
  previous: (LL) => LL.commands.list.previous(),
  first: (LL) => LL.commands.list.first(),
  last: (LL) => LL.commands.list.last(),
  pageDown: (LL) => LL.commands.list.pageDown(),
  pageUp: (LL) => LL.commands.list.pageUp(),
  open: (LL) => LL.commands.list.open(),
  edit: (LL) => LL.commands.list.edit(),
  remove: (LL) => LL.commands.list.remove(),
  select: (LL) => LL.commands.list.select(),
  selectRange: (LL) => LL.commands.list.selectRange(),
  extendNext: (LL) => LL.commands.list.extendNext(),
  extendPrevious: (LL) => LL.commands.list.extendPrevious(),
  peek: (LL) => LL.commands.list.peek(),
  create: (LL) => LL.commands.list.create(),
  sort: (LL) => LL.commands.list.sort(),
  reverseSort: (LL) => LL.commands.list.reverseSort(),
}

// A capital letter is typed with Shift: the sheet says so, or `S` and `s` would print alike.
const hintKey = (key: string) =>
  key.length === 1 && key !== key.toLowerCase() ? `shift+${key.toLowerCase()}` : key.toLowerCase()

/** The DataTable's keys, read from its own key table (`ArrowDown` → `arrowdown`, `S` → `shift+s`). */
export const listKeyHints: readonly KeyHint[] = (Object.keys(LIST_KEYS) as ListAction[]).map(
  (action) => ({
    id: `list.${action}`,
    label: LIST_LABELS[action],
    shortcuts: LIST_KEYS[action].map(hintKey),
    scope: 'list',
  }),
)

export function buildRegistry(routes: readonly RouteRow[]): Command<PaletteContext>[] {
  return [...routeCommands(routes), ...appCommands]
}
