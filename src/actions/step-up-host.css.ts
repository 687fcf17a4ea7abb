import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
})

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
