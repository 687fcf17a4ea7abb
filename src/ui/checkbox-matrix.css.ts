import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

// A matrix wider than a narrow window scrolls inside the form rather than widening the page; its
// checkboxes are focusable, so a keyboard user reaches (and scrolls to) every cell.
export const scroller = style({ overflowX: 'auto', maxWidth: '100%' })

export const table = style({ borderCollapse: 'collapse', fontSize: vars.fontSize.sm })

export const columnHeader = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
  textAlign: 'center',
})

export const rowHeader = style({
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} 0`,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.text,
  textAlign: 'left',
  borderTop: `1px solid ${vars.color.border}`,
})

export const cell = style({
  padding: vars.space.xs,
  textAlign: 'center',
  borderTop: `1px solid ${vars.color.border}`,
})

export const box = style({
  width: '1.25rem',
  height: '1.25rem',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
