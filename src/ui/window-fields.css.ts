import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const window = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })
