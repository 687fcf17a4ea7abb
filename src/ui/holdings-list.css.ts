import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.lg })

export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const name = style({ fontWeight: vars.fontWeight.medium })

const chipBase = style({
  borderRadius: vars.radius.full,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

/** A state's chip: settled in green, on its way in amber, refused in red, off in gray. */
export const state = styleVariants({
  pending: [chipBase, { background: vars.color.warningSoft }],
  on_lock: [chipBase, { background: vars.color.successSoft }],
  failed: [chipBase, { background: vars.color.dangerSoft }],
  removing: [chipBase, { background: vars.color.warningSoft }],
  removed: [chipBase, { background: vars.color.graySoft }],
})
