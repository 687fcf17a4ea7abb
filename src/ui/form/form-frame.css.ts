import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css'

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '40rem',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const spacer = style({ flex: 1 })

export const failure = style({
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

/** A form inside a dialog: the dialog is its frame. */
export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
