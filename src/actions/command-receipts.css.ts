import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const intro = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const item = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.xs,
  alignItems: 'center',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const line = style({ margin: 0, fontWeight: vars.fontWeight.medium })

export const meta = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
})

export const status = styleVariants({
  pending: { color: vars.color.text },
  waiting: { color: vars.color.text },
  done: { color: vars.color.success, fontWeight: vars.fontWeight.medium },
  failed: { color: vars.color.danger, fontWeight: vars.fontWeight.medium },
})

export const link = style({ color: vars.color.primary })

export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })

/** A bulk dialog's device lists scroll inside it; the summary and buttons stay in view. */
export const scroll = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
})

export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm })

/** The bulk run's receipts: a window onto the rows in view, as tall as all of them would be. */
export const windowScroll = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  fontSize: vars.fontSize.sm,
})

export const window = style({ position: 'relative', margin: 0, padding: 0, listStyle: 'none' })

export const windowRow = style([
  row,
  { position: 'absolute', top: 0, left: 0, width: '100%', paddingBlockEnd: vars.space.xs },
])

export const heading = style({ margin: 0, fontSize: vars.fontSize.md })

export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
})
