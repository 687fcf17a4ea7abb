import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const bell = style({
  position: 'relative',
  flexShrink: 0,
  color: vars.color.text,
})

// The count sits on the bell's corner, so the bar keeps its width at 650 px and below.
export const count = style({
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: '1.15rem',
  padding: '0 0.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: '#fff',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.15rem',
  textAlign: 'center',
})
