import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBlock: vars.space.lg,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.lg })

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.md })

export const muted = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const layerTitle = style({ fontWeight: 600 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

/** The timeline and the list of changes side by side where there is room. */
export const week = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
  alignItems: 'start',
})

/** The bar of the week: one segment per stretch, a marker per change. */
export const bar = style({
  position: 'relative',
  height: '2.5rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
})

const segmentBase = style({ position: 'absolute', insetBlock: 0 })
export const segment = styleVariants({
  unlocked: [segmentBase, { background: vars.color.successSoft }],
  locked: [segmentBase, { background: vars.color.graySoft }],
})

export const marker = style({
  position: 'absolute',
  insetBlock: 0,
  width: '0.75rem',
  marginInlineStart: '-0.375rem',
  background: 'transparent',
  borderInline: `2px solid ${vars.color.text}`,
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1 },
  },
})

export const announced = style({ margin: 0, minHeight: '1.5em', fontSize: vars.fontSize.sm })

const badgeBase = style({
  marginInlineStart: vars.space.sm,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
})
export const badge = styleVariants({
  unlocked: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  locked: [badgeBase, { background: vars.color.graySoft, color: vars.color.text }],
  notReached: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
})
