import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.dangerSoft,
  borderBottom: `3px solid ${vars.color.danger}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
})

export const bannerText = style({
  flex: '1 1 20rem',
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const bannerTitle = style({ fontWeight: vars.fontWeight.bold })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

export const fields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const bannerLabel = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.danger,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
})
