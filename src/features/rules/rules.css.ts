import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 0 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
})

export const kind = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
})

export const tree = style({
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  maxHeight: '24rem',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2rem',
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

export const twisty = style({ width: '1rem', color: vars.color.muted })

// A box that reads as a checkbox: ticked when chosen, filled but lighter when a place above covers it.
export const box = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1rem',
  height: '1rem',
  border: `2px solid ${vars.color.muted}`,
  borderRadius: 3,
  fontSize: vars.fontSize.xs,
  lineHeight: 1,
  selectors: {
    '[aria-selected="true"] > &': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
    '[data-covered="true"] > &': { background: vars.color.primarySoft, color: vars.color.text },
  },
})

export const covered = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.muted })

export const definition = style({ margin: 0 })

export const list = style({ margin: 0, paddingInlineStart: vars.space.lg })
