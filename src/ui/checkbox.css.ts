import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  color: vars.color.text,
  cursor: 'pointer',
})

export const box = style({
  width: '1.25rem',
  height: '1.25rem',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { outline: `2px solid ${vars.color.danger}`, outlineOffset: '1px' },
  },
})
