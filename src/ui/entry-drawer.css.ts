import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const fields = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
})

export const field = style({
  display: 'grid',
  gridTemplateColumns: '8rem 1fr',
  gap: vars.space.sm,
})

export const term = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

export const value = style({ margin: 0, overflowWrap: 'anywhere' })
