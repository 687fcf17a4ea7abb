import { cellIndex, DAYS, SLOTS_PER_DAY, type WeekCells } from './week-cells'

// The week grid's keys as pure transitions, so each key's effect is unit-tested and walked at
// random (week-grid-keys.test.ts); the component only renders the state and moves DOM focus.

export interface Cell {
  readonly day: number
  readonly slot: number
}

export interface GridState {
  readonly cells: WeekCells
  /** The cell with focus (the grid's one tab stop). */
  readonly cursor: Cell
  /** Where a Shift selection started; null when the selection is the cursor's cell alone. */
  readonly anchor: Cell | null
}

export interface GridKey {
  readonly key: string
  readonly shift?: boolean
  /** Ctrl or ⌘. */
  readonly mod?: boolean
}

/** PageUp and PageDown move two hours, the spacing of the grid's hour labels. */
export const PAGE_SLOTS = 4

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)
const lastSlot = SLOTS_PER_DAY - 1
const lastDay = DAYS - 1

/** The days and slots from the anchor to the cursor, both ends included. */
export function selection(state: GridState): { days: [number, number]; slots: [number, number] } {
  const from = state.anchor ?? state.cursor
  const to = state.cursor
  return {
    days: [Math.min(from.day, to.day), Math.max(from.day, to.day)],
    slots: [Math.min(from.slot, to.slot), Math.max(from.slot, to.slot)],
  }
}

export function isSelected(state: GridState, cell: Cell): boolean {
  const { days, slots } = selection(state)
  return (
    cell.day >= days[0] && cell.day <= days[1] && cell.slot >= slots[0] && cell.slot <= slots[1]
  )
}

function selectedIndexes(state: GridState): number[] {
  const { days, slots } = selection(state)
  const indexes: number[] = []
  for (let day = days[0]; day <= days[1]; day += 1)
    for (let slot = slots[0]; slot <= slots[1]; slot += 1) indexes.push(cellIndex(day, slot))
  return indexes
}

/** Every selected cell set to `open`. */
export function setSelected(state: GridState, open: boolean): GridState {
  const cells = [...state.cells]
  for (const index of selectedIndexes(state)) cells[index] = open
  return { ...state, cells }
}

/** Space: the selection opens, unless all of it is open already, then it closes. */
export function toggleSelected(state: GridState): GridState {
  const allOpen = selectedIndexes(state).every((index) => state.cells[index] === true)
  return setSelected(state, !allOpen)
}

function target(cursor: Cell, { key, mod }: GridKey): Cell | null {
  switch (key) {
    case 'ArrowLeft':
      return { ...cursor, slot: clamp(cursor.slot - 1, lastSlot) }
    case 'ArrowRight':
      return { ...cursor, slot: clamp(cursor.slot + 1, lastSlot) }
    case 'ArrowUp':
      return { ...cursor, day: clamp(cursor.day - 1, lastDay) }
    case 'ArrowDown':
      return { ...cursor, day: clamp(cursor.day + 1, lastDay) }
    case 'PageUp':
      return { ...cursor, slot: clamp(cursor.slot - PAGE_SLOTS, lastSlot) }
    case 'PageDown':
      return { ...cursor, slot: clamp(cursor.slot + PAGE_SLOTS, lastSlot) }
    case 'Home':
      return mod ? { day: 0, slot: 0 } : { ...cursor, slot: 0 }
    case 'End':
      return mod ? { day: lastDay, slot: lastSlot } : { ...cursor, slot: lastSlot }
    default:
      return null
  }
}

/**
 * What a key does, or null when the grid leaves it alone (Tab, Enter, an Escape with nothing
 * selected: the form's). Arrows move a cell, Home/End to the day's first or last, Ctrl+Home/End to
 * the week's, PageUp/PageDown two hours; with Shift they extend the selection from where it
 * started. Space opens the selection (or closes it when all open), Delete closes it, Ctrl+A
 * selects the whole week, Escape drops a selection.
 */
export function gridKey(state: GridState, press: GridKey): GridState | null {
  const moved = target(state.cursor, press)
  if (moved) {
    const anchor = press.shift ? (state.anchor ?? state.cursor) : null
    return { ...state, cursor: moved, anchor }
  }
  if (press.key === ' ' && !press.mod) return toggleSelected(state)
  if (press.key === 'Delete' || press.key === 'Backspace') return setSelected(state, false)
  if (press.mod && (press.key === 'a' || press.key === 'A'))
    return { ...state, anchor: { day: 0, slot: 0 }, cursor: { day: lastDay, slot: lastSlot } }
  if (press.key === 'Escape' && state.anchor !== null) return { ...state, anchor: null }
  return null
}
