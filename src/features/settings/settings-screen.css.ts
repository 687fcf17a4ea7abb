import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const page = style({
  maxWidth: '640px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl })

export const description = style({
  margin: `${vars.space.xs} 0 ${vars.space.lg}`,
  color: vars.color.muted,
})
