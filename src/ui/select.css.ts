import { style } from '@vanilla-extract/css'
import { input } from './text-field.css'
import { vars } from './theme.css'

export const select = style([
  input,
  {
    appearance: 'auto',
    cursor: 'pointer',
    colorScheme: 'light dark',
    accentColor: vars.color.primary,
  },
])
