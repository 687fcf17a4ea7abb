import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Can } from '../contract/permissions'
import type { ConfirmKind } from '../ui/confirm-focus'

/**
 * A piece of user-visible text, resolved against the active dictionary when shown. A function of
 * `LL` rather than a string key so that a missing key, or a missing parameter, is a compile error.
 */
export type Message = (LL: TranslationFunctions) => string

/**
 * Where a command is listed in the palette. Recents are a view over these, and entity results and
 * entity actions come from entity sources, so neither is a group of its own.
 */
export type CommandGroup = 'navigation' | 'create' | 'actions'

/**
 * A key sequence in the hotkey engine's notation: chords separated by spaces, modifiers joined with
 * `+`. `mod` is Ctrl on Windows/Linux and Cmd on macOS. Examples: `g o`, `?`, `mod+k`.
 */
export type Shortcut = string

/** What a device-like subject offers; devices will pass theirs, everything else passes nothing. */
export interface Subject {
  readonly capabilities?: readonly string[]
  readonly connected?: boolean
}

/** What the console is set to now: a command that would set what is already set is not offered. */
export interface AppState {
  readonly theme: 'light' | 'dark'
  readonly language: string
  /** Single-key shortcuts on or off (ui/single-keys.ts). */
  readonly singleKeys: 'on' | 'off'
}

export interface Needs {
  /**
   * Permissions of which any one suffices (requirements R6.4); without them the command does not
   * exist.
   */
  readonly anyOf?: readonly string[]
  /** A device capability (requirements R3.7) the subject must offer to run the command now. */
  readonly capability?: string
  /** The subject must be connected to run the command now (device commands). */
  readonly online?: boolean
  /** Disabled while the app already is in this state ("switch to dark" while dark). */
  readonly notWhen?: Partial<AppState>
}

/** What a command may do when it runs; the palette and the hotkeys hand the same object in. */
export interface CommandContext {
  navigate(path: string): void
  /**
   * Runs `action` on `entity` through the host (actions/), which confirms, sends, keeps the
   * receipt and refetches: the palette, a button and a key all end here.
   */
  perform<E>(action: Action<E>, entity: E, origin?: 'link'): void
}

export interface Command<Ctx extends CommandContext = CommandContext> {
  readonly id: string
  readonly label: Message
  readonly group: CommandGroup
  readonly shortcut?: Shortcut
  /** Extra words the matcher also looks at (English and route paths), never shown. */
  readonly keywords?: readonly string[]
  readonly needs: Needs
  /** Reachable by its shortcut and listed in the cheat sheet, but not offered in the palette. */
  readonly hidden?: boolean
  run(ctx: Ctx): void | Promise<void>
}

/**
 * A key a widget handles itself while it has focus (the DataTable's list keys). It is in the
 * registry so the `?` sheet lists it from the widget's own key table, but the hotkey engine never
 * binds it and the palette never offers it: there is nothing to run from outside the widget.
 */
export interface KeyHint {
  readonly id: string
  readonly label: Message
  /** Alternatives, any one of which does it (`j` or ↓). */
  readonly shortcuts: readonly Shortcut[]
  readonly scope: 'list'
}

/** Who has the palette open: some actions are refused on oneself. */
export interface Viewer {
  readonly userId: number
}

/** Words of one confirmation step, in the reader's language, about one entity. */
export interface ConfirmStep<E> {
  title(LL: TranslationFunctions, entity: E): string
  body(LL: TranslationFunctions, entity: E): string
  /** The confirming button's words. */
  confirm(LL: TranslationFunctions, entity: E): string
  /** A warning shown in the step, above its buttons. */
  warning?: Message
}

/**
 * What an action asks before it runs. A reversible one starts on its confirming button, so Enter
 * does it; a destructive one starts on Cancel. `again` is a second step in other words that
 * always starts on Cancel (force unlock), so two Enters never run it.
 */
export interface Confirmation<E> extends ConfirmStep<E> {
  /** Which button it starts on (ui/confirm-focus.ts, decision 034). */
  readonly tone: ConfirmKind
  readonly again?: ConfirmStep<E>
}

/** What a run answered: the audit row it wrote, when it wrote one. */
export interface ActionOutcome {
  readonly auditId: number | null
}

/** What the host hands a run: the key that makes it happen once, and the cache to refetch. */
export interface RunRequest {
  readonly idempotencyKey: string
  readonly queryClient: QueryClient
}

/** A dialog of its own (a bulk command's dry run, a lockdown's start), opened by the host. */
export interface ActionDialogProps<E> {
  readonly entity: E
  readonly onClose: () => void
}

/**
 * One verb on one kind of thing ("Unlock" a device, "Disable" a user), declared once by its area
 * (`features/<area>/<area>-actions.ts`) and read by the palette (as a verb before a name and on
 * a result), the page's buttons, the row's actions, the keys, the `?` sheet and deep links
 * (decision 063). Its `needs.capability` and `needs.online` are checked against the subject its
 * entity source reports for the entity, by the one availability rule (availability.ts).
 */
export interface Action<E, Ctx extends CommandContext = CommandContext> {
  readonly id: string
  readonly label: Message
  readonly needs: Needs
  /** Whether this action is one this entity has at all (show code vs. generate one); default yes. */
  applies?(entity: E): boolean
  /**
   * Why it cannot run on this entity now (a user without a phone number, the viewer's own
   * account), or null when it can.
   */
  blocked?(entity: E, can: Can, viewer: Viewer | undefined): Message | null
  /** Capabilities and connection of a device-like entity, checked against `needs`. */
  subject?(entity: E): Subject
  /** Puts a secret on screen (a held PIN): never what Enter does on a result, only chosen by name. */
  readonly reveals?: boolean
  /** Opens the entity's own page: not offered among that page's actions. */
  readonly opensItsPage?: boolean
  /**
   * The server asks for a fresh check of the second factor before it runs (decision 077): its
   * confirmation says so, and the API client's step-up dialog asks when the check is stale.
   */
  readonly stepUp?: boolean
  /** How its button looks: danger for what cannot be taken back or overrides safety. */
  readonly tone?: 'primary' | 'secondary' | 'danger'
  /** Asked before the run; absent runs at once. */
  readonly confirm?: Confirmation<E>
  /**
   * Asked only when a URL asks for an action that otherwise runs at once (an invitation): a link
   * can come from anywhere, a person's choice cannot.
   */
  readonly linkConfirm?: Confirmation<E>
  /** Opened instead of a confirmation when the action has more to ask (a dry run, a reason). */
  dialog?(props: ActionDialogProps<E>): ReactNode
  /**
   * The list's selection bar offers it too: a palette search can take what it found there to
   * choose rows ("disable @contractor"), through its source's `bulkIn`.
   */
  readonly bulk?: boolean
  /** The word a URL may ask for (`?command=lock`): a deep link a person can bookmark. */
  readonly deepLink?: string
  /** What the success notice says; absent says nothing (the page shows the change). */
  succeeded?(LL: TranslationFunctions, entity: E): string
  /**
   * Does it. A confirmed action's run resolves with its outcome or rejects with the server's
   * answer, which the host words; a navigation runs and returns nothing.
   */
  run(ctx: Ctx, entity: E, request: RunRequest): void | Promise<ActionOutcome | void>
}
