import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const clientRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm })

export const clientInput = style({ flex: 1 })

export const clientList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 0 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
})

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
})

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const fieldError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm })

export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 })

export const rowActions = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' })

export { nameLink } from '../../ui/name-link.css'
