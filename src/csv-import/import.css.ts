import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const sheet = style({ width: 'min(760px, calc(100vw - 2rem))' })

export const heading = style({
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
})

export const fileInput = style({
  display: 'block',
  margin: `${vars.space.xs} 0`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
})

export const label = style({ fontWeight: vars.fontWeight.medium })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const summary = style({ margin: `${vars.space.sm} 0`, fontWeight: vars.fontWeight.medium })

export const scroll = style({
  maxHeight: '14rem',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: `${vars.space.sm} 0`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
})

export const caption = style({
  textAlign: 'left',
  padding: vars.space.sm,
  fontWeight: vars.fontWeight.bold,
})

export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
})

export const refusal = style({ color: vars.color.danger })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})
