import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const grow = style({ flex: '1 1 12rem' })

export const muted = style({ margin: 0, color: vars.color.muted })
