import { isCharacterKey } from '../single-keys'

// Keyboard model of the list, kept pure so every key's effect is unit-tested. The active row is an
// absolute index into the whole result set (not into the loaded rows), so Home/End and PageUp/PageDown
// reach rows that have not been fetched yet.

/** What a key may do to the active row; a list offers the ones its screen supports. */
export type RowAction = 'open' | 'edit' | 'remove' | 'peek'

export type ListKeyResult =
  | { type: 'move'; index: number }
  | { type: 'row'; action: RowAction; index: number }
  | { type: 'select'; index: number; range: boolean }
  | { type: 'extend'; from: number | null; index: number }
  | { type: 'create' }
  | { type: 'sort'; reverse: boolean }
  | { type: 'none' }

export interface ListKeyContext {
  key: string
  /** The active row, or null before the user moved. */
  active: number | null
  total: number
  /** Rows that fit the viewport, the step of PageUp/PageDown. */
  pageRows: number
  /** True when a modifier (Ctrl, Meta, Alt) is held: those keys belong to the browser or palette. */
  modified: boolean
  /** False when the user turned single-key shortcuts off: j, x, e … do nothing (ui/single-keys.ts). */
  singleKeys: boolean
}

/**
 * The list's keys by what they do: the one table `listKey` reads and the `?` cheat sheet lists
 * (the registry's listKeyHints), so the sheet cannot drift from what the list really does.
 */
export const LIST_KEYS = {
  next: ['j', 'ArrowDown'],
  previous: ['k', 'ArrowUp'],
  first: ['Home'],
  last: ['End'],
  pageDown: ['PageDown'],
  pageUp: ['PageUp'],
  open: ['Enter', 'o'],
  edit: ['e'],
  remove: ['#', 'Delete'],
  select: ['x'],
  selectRange: ['X'],
  extendNext: ['J'],
  extendPrevious: ['K'],
  peek: ['p', 'Space'],
  create: ['c'],
  sort: ['s'],
  reverseSort: ['S'],
} as const satisfies Record<string, readonly string[]>

export type ListAction = keyof typeof LIST_KEYS

/** The grid's `aria-keyshortcuts`: every key the list answers now, from the same table. */
export const listKeyShortcuts = (singleKeys: boolean) =>
  Object.values(LIST_KEYS)
    .flat()
    .filter((key) => singleKeys || !isCharacterKey(key))
    .join(' ')

const ACTION_OF = new Map<string, ListAction>(
  (Object.keys(LIST_KEYS) as ListAction[]).flatMap((action) =>
    LIST_KEYS[action].map((key): [string, ListAction] => [key, action]),
  ),
)

const none: ListKeyResult = { type: 'none' }

export function listKey(context: ListKeyContext): ListKeyResult {
  const { key, active, total, pageRows, modified, singleKeys } = context
  if (modified || (!singleKeys && isCharacterKey(key))) return none
  // KeyboardEvent.key names the space bar ' '; the table (and aria-keyshortcuts) calls it Space.
  const action = ACTION_OF.get(key === ' ' ? 'Space' : key)
  if (action === 'create') return { type: 'create' }
  if (total <= 0) return none
  const last = total - 1
  const clamp = (index: number) => Math.min(Math.max(index, 0), last)
  const step = Math.max(1, pageRows)
  switch (action) {
    case 'next':
      return { type: 'move', index: active === null ? 0 : clamp(active + 1) }
    case 'previous':
      return { type: 'move', index: active === null ? 0 : clamp(active - 1) }
    case 'first':
      return { type: 'move', index: 0 }
    case 'last':
      return { type: 'move', index: last }
    case 'pageDown':
      return { type: 'move', index: clamp((active ?? 0) + step) }
    case 'pageUp':
      return { type: 'move', index: clamp((active ?? 0) - step) }
    case 'extendNext':
      return { type: 'extend', from: active, index: active === null ? 0 : clamp(active + 1) }
    case 'extendPrevious':
      return { type: 'extend', from: active, index: active === null ? 0 : clamp(active - 1) }
    case 'select':
    case 'selectRange':
      return active === null
        ? none
        : { type: 'select', index: active, range: action === 'selectRange' }
    case 'open':
    case 'edit':
    case 'remove':
    case 'peek':
      return active === null
        ? none
        : { type: 'row', action: action === 'open' ? 'open' : action, index: active }
    case 'sort':
    case 'reverseSort':
      return { type: 'sort', reverse: action === 'reverseSort' }
    case undefined:
      return none
  }
}
