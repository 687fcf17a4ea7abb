import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const commandRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const reason = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const warning = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium })

export const stepUp = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })
