import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const greeting = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: 1.2 })

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.muted,
})

export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg })

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  minHeight: '72px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.surfaceHover },
  },
})

export const tileLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

// The count, its skeleton (title shape) and its error are one line of 1.75rem, so the tiles keep their
// height when the count arrives.
export const tileValue = style({
  fontSize: vars.fontSize.xl,
  lineHeight: '1.75rem',
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
})

export const tileError = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  lineHeight: '1.75rem',
})
