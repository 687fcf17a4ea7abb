import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const days = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

export const day = style({
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-pressed="true"]': {
      color: vars.color.primaryText,
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
