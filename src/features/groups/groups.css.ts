import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const chosen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: '12rem',
  overflowY: 'auto',
})

export const chosenItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `0 0 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
})

export const chosenHeading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
})

export const muted = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
})

export const term = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium })

export const definition = style({ margin: 0 })

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const rowActions = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' })
