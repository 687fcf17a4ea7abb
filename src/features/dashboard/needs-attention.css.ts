import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: vars.space.md,
})

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
})

export const boxHead = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.md,
})

export const total = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  fontVariantNumeric: 'tabular-nums',
})

export const empty = style({ margin: 0, color: vars.color.muted })

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

export const name = style({ fontWeight: vars.fontWeight.medium })

export const detail = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

// The score levels (requirements R4.12), as text colours on the surface.
export const level = styleVariants({
  success: { color: vars.color.success },
  gray: { color: vars.color.muted },
  warning: { color: vars.color.warning },
  danger: { color: vars.color.danger },
})

export const more = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })
