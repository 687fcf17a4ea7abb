import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const nameCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export { nameLink } from '../../ui/name-link.css'

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

const badgeBase = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
})

export const badge = styleVariants({
  neutral: [badgeBase, { color: vars.color.text }],
  danger: [badgeBase, { color: vars.color.danger, borderColor: vars.color.danger }],
})

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
})

export const term = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium })

export const definition = style({ margin: 0 })

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
})

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const actionRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})

export const reason = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

export const fieldRow = style({
  display: 'grid',
  // minmax(0, …): the name fields share what is left at 600 px instead of pushing past the window.
  gridTemplateColumns: '8rem minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.md,
})

// A definition pair inside the grid: its own row, laid out by the parent's columns.
export const group = style({ display: 'contents' })

export const bulkClients = style({
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
})

export const bulkList = style({
  maxHeight: '14rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const bulkItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const bulkOk = style({ color: vars.color.success })

export const bulkFailed = style({ color: vars.color.danger })

export const bulkSummary = style({
  margin: `${vars.space.sm} 0 0`,
  fontWeight: vars.fontWeight.medium,
})

/** "Where … can go": a building's places, each with its grants. */
export const building = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const buildingTitle = style({ margin: 0, fontSize: vars.fontSize.md })

export const accessList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const accessPlace = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const placeName = style({ fontWeight: vars.fontWeight.medium })

export const open = style({ color: vars.color.success, fontWeight: vars.fontWeight.medium })

/** A short list inside a dialog (what offboarding does, what remains). */
export const plainList = style({
  margin: `${vars.space.xs} 0`,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
})
