import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  // A grid or flex cell may narrow a field below its input's intrinsic width.
  minWidth: 0,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
})

export const input = style({
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `0.625rem ${vars.space.sm}`,
  minHeight: '44px',
  minWidth: 0,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
})

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted })

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger })
