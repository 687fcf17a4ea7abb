import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const parts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const part = style({ flex: '1 1 9rem' })

export const input = style({ colorScheme: 'light dark' })
