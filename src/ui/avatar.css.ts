import { style, styleVariants } from '@vanilla-extract/css'
import { avatarPalette } from '../lib/avatar'
import { vars } from './theme.css'

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  color: '#ffffff',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  lineHeight: 1,
  userSelect: 'none',
})

// One class per palette colour, so the colour needs no inline style.
export const tone = styleVariants(
  Object.fromEntries(avatarPalette.map((color, index) => [index, { background: color }])),
)
