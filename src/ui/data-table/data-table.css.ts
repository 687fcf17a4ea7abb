import { createVar, globalStyle, keyframes, style } from '@vanilla-extract/css'
import { media } from '../breakpoints'
import { vars } from '../theme.css'

// Fixed geometry: constant row heights let the virtualizer place any of a million rows without
// measuring, and the sticky header's height is where the first row begins.
export const ROW_HEIGHT = 40
export const HEADER_HEIGHT = 44

/** The column template (CSS grid) shared by the header row and every body row. */
export const columnTemplate = createVar()
/** The sum of the columns' minimum widths: below it the grid scrolls sideways. */
export const minRowWidth = createVar()

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})

// One line whatever the count says: "Loading…" turning into "10,000 entries" must not wrap onto a
// line of its own and push the grid down (a layout shift on narrow screens).
export const toolbar = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const search = style({ flex: '1 1 18rem', minWidth: 0, maxWidth: '28rem' })

export const count = style({
  margin: 0,
  flexShrink: 0,
  minWidth: '7.5rem',
  textAlign: 'right',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
})

export const grid = style({
  position: 'relative',
  // Short lists shrink to their rows; long ones fill the screen below the toolbar and scroll.
  maxHeight: 'max(320px, calc(100dvh - 260px))',
  overflow: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: {
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.focus}` },
  },
})

export const head = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  height: HEADER_HEIGHT,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const body = style({ position: 'relative' })

// While loading or empty the body holds the skeleton rows or the message, which sit in it like rows.
export const bodyWaiting = style({ minHeight: 8 * ROW_HEIGHT })

export const rowsLayer = style({ position: 'absolute', top: 0, left: 0, right: 0 })

export const row = style({
  display: 'grid',
  gridTemplateColumns: columnTemplate,
  alignItems: 'center',
  width: '100%',
  minWidth: minRowWidth,
  height: ROW_HEIGHT,
  boxSizing: 'border-box',
})

export const headRow = style([row, { height: HEADER_HEIGHT }])

export const bodyRow = style([
  row,
  {
    position: 'absolute',
    top: 0,
    left: 0,
    borderBottom: `1px solid ${vars.color.border}`,
    cursor: 'default',
    // Each row's layout and paint stay inside it, so a row changing never re-lays out its neighbours.
    contain: 'layout paint style',
    selectors: {
      '&:hover': { background: vars.color.surfaceHover },
      '&[data-active="true"]': {
        background: vars.color.primarySoft,
        boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
      },
    },
  },
])

const cellBase = style({
  padding: `0 ${vars.space.md}`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
})

// A body cell holds its value directly (no wrapper element), cut with an ellipsis by its column.
export const cell = style([cellBase, { color: vars.color.text }])

// A cut value on the active row (keyboard) or under the pointer shows whole: the cell itself grows
// over its neighbours (a grid item wider than its track moves nothing else), and the last column's
// grows leftwards so it stays inside the grid.
globalStyle(
  `${bodyRow}[data-active="true"] > ${cell}[data-cut="true"], ${bodyRow} > ${cell}[data-cut="true"]:hover`,
  {
    zIndex: 1,
    width: 'max-content',
    minWidth: '100%',
    padding: `${vars.space.xs} ${vars.space.md}`,
    background: vars.color.surfaceRaised,
    borderRadius: vars.radius.sm,
    boxShadow: `0 0 0 1px ${vars.color.border}`,
  },
)
// On the active row (not under the pointer) the grown cell lets clicks through to the neighbours it
// covers; its own links and buttons still take them.
globalStyle(`${bodyRow}[data-active="true"] > ${cell}[data-cut="true"]:not(:hover)`, {
  pointerEvents: 'none',
})
globalStyle(`${bodyRow} > ${cell}[data-cut="true"] :is(a, button)`, { pointerEvents: 'auto' })
globalStyle(`${bodyRow} > ${cell}[data-cut="true"]:last-child`, { justifySelf: 'unsafe end' })

export const headerCell = style([
  cellBase,
  { color: vars.color.muted, fontWeight: vars.fontWeight.medium },
])

// A sortable header's button fills its cell: a click anywhere in the cell sorts.
export const sortableHeaderCell = style([headerCell, { padding: 0, height: '100%' }])

export const sortButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  height: '100%',
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  color: 'inherit',
  textAlign: 'start',
  background: 'transparent',
  border: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-sorted="true"]': { color: vars.color.text },
  },
})

export const sortIcon = style({ width: '1em', textAlign: 'center' })

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } })

export const skeletonBar = style({
  display: 'block',
  height: '0.75rem',
  width: '70%',
  borderRadius: vars.radius.sm,
  background: vars.color.graySoft,
  '@media': {
    [media.motion]: { animation: `${pulse} 1.4s ease-in-out infinite` },
  },
})

/**
 * A body row whose window is loading: no cells, one bar across the columns (table-rows.tsx). The
 * bar stands still: a jump shows it for a frame or a few, and a pulse made each bar an animated
 * layer the compositor had to raster before the frame with the rows could start (a jump to row
 * 900,000 took 125 ms with it, 87 ms without).
 */
export const loadingRow = style({
  '::after': {
    content: '""',
    gridColumn: '1 / -1',
    width: '60%',
    height: '0.75rem',
    margin: `0 ${vars.space.md}`,
    borderRadius: vars.radius.sm,
    background: vars.color.graySoft,
  },
})

export const state = style({
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.muted,
})

export const errorRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const messageRow = style({ position: 'absolute', top: 0, left: 0, right: 0 })

/**
 * Detail an element in a cell shows only while its row is hovered or active (e.g. an exact time
 * beside a relative one): its `data-reveal` text, drawn after it by CSS, so the rows that are
 * neither carry no element for it.
 */
export const revealOnActive = style({})
globalStyle(
  `${bodyRow}:hover ${revealOnActive}::after, ${bodyRow}[data-active="true"] ${revealOnActive}::after`,
  { content: 'attr(data-reveal)', marginLeft: vars.space.xs, color: vars.color.muted },
)

export const muted = style({ color: vars.color.muted })

/** A row's name that links to its page (common-columns.tsx). */
export { nameLink } from '../name-link.css'

export const SELECT_WIDTH = 44

export const selectCell = style([
  cellBase,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 0 },
])

export const selectBox = style({ width: 16, height: 16, margin: 0, cursor: 'pointer' })

export const selectionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const selectionCount = style({
  margin: 0,
  marginRight: 'auto',
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
})
