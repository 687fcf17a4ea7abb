import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

/** The shortcut or the reason a command cannot run, pushed to the end of its row. */
export const hint = style({
  marginLeft: 'auto',
  paddingLeft: vars.space.sm,
  display: 'inline-flex',
  alignItems: 'center',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
})

export const disabled = style({ cursor: 'not-allowed', opacity: 0.7 })
