import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const parts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
