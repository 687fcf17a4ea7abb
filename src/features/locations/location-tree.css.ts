import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const root = style({ display: 'grid', gap: vars.space.sm })

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
})

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

// The scroller holds the window of mounted items; the tree is as tall as every item together.
export const scroller = style({
  maxHeight: '70vh',
  overflowY: 'auto',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const tree = style({ position: 'relative', margin: 0, padding: 0, listStyle: 'none' })

export const item = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2rem',
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'default',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primarySoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

export const twisty = style({ width: '1rem', color: vars.color.muted })

export const kind = style({
  minWidth: '4rem',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
})

export const name = style({ fontWeight: vars.fontWeight.medium })

export const editor = style({
  flex: 1,
  font: 'inherit',
  padding: `2px ${vars.space.xs}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
})
