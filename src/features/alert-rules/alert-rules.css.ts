import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const pickedList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const listHeading = style({ margin: 0, fontWeight: vars.fontWeight.medium })

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
