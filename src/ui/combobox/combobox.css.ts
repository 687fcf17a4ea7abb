import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css'

export const anchor = style({ position: 'relative' })

// Above the form's sticky actions, below dialogs (50) that may hold a form one day.
export const popup = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  zIndex: 30,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space.xs,
  selectors: { '&[data-open="false"]': { display: 'none' } },
})

export const listbox = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '18rem',
  overflowY: 'auto',
})

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 40,
  justifyContent: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    // Not colour alone: a bar in the primary colour marks the active option beside the tint, as
    // the palette marks its selected row.
    '&[aria-selected="true"]': {
      background: vars.color.surfaceHover,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}, inset 0 0 0 1px ${vars.color.primary}`,
    },
  },
})

export const current = style({ fontWeight: vars.fontWeight.medium })

export const detail = style({ fontSize: vars.fontSize.sm, color: vars.color.muted })

export const status = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
  selectors: { '&:empty': { display: 'none' } },
})
