import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '50vh',
  textAlign: 'center',
})

export const code = style({
  fontSize: '3rem',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  lineHeight: 1,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl })

export const text = style({ margin: 0, color: vars.color.muted, overflowWrap: 'anywhere' })
