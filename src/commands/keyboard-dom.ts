import type { Situation } from './hotkey-engine'

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
])

/**
 * Where a printable key would type a character. A focused checkbox or button is not: `g o` from a
 * checked row should still navigate.
 */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type)
  return false
}

const OPEN_DIALOG =
  '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], dialog[open], [role="menu"]'

/**
 * The focus stack as the DOM already shows it: Radix marks every open dialog, so any helper's
 * dialog (settings, a confirmation) makes the page behind it inert for hotkeys without having to
 * register anywhere.
 */
export function situationOf(event: Event, doc: Document): Situation {
  return {
    editable: isEditableTarget(event.target),
    modal: doc.querySelector(OPEN_DIALOG) !== null,
  }
}

export const isMacPlatform = (platform: string) => /Mac|iPhone|iPad|iPod/.test(platform)
