import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const card = style({
  maxWidth: '640px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
})
