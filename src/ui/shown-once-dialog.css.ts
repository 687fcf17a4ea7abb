import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const label = style({
  margin: `${vars.space.md} 0 0`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
})

export const value = style({
  display: 'block',
  margin: `${vars.space.xs} 0 ${vars.space.md}`,
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
  overflowWrap: 'anywhere',
})

export const digits = style({ fontSize: '2.5rem', letterSpacing: '0.08em', wordSpacing: '0.4em' })

export const text = style({ fontSize: vars.fontSize.lg })
