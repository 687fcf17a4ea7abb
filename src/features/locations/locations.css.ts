import { style } from '@vanilla-extract/css'
import { media } from '../../ui/breakpoints'
import { vars } from '../../ui/theme.css'

export const rowActions = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' })

export const count = style({ fontVariantNumeric: 'tabular-nums' })

export { nameLink } from '../../ui/name-link.css'

export const section = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.md })

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
})

export const address = style({ margin: 0, color: vars.color.muted })

export const plan = style({
  width: '100%',
  maxHeight: '50vh',
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})

export const planNote = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const deviceList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const device = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const deviceMeta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })

export const planFigure = style({ display: 'grid', gap: vars.space.xs, margin: 0 })

export const planOutline = style({ fill: 'none', stroke: vars.color.border, strokeWidth: 2 })

export const planRoom = style({
  fill: vars.color.primarySoft,
  stroke: vars.color.primary,
  strokeWidth: 1.5,
})

export const planDoor = style({ fill: vars.color.surface, stroke: vars.color.text })

export const planText = style({
  fill: vars.color.text,
  fontSize: 12,
  textAnchor: 'middle',
  dominantBaseline: 'middle',
})

export const formRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [media.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

export const links = style({ display: 'flex', gap: vars.space.md, margin: `${vars.space.xs} 0 0` })

/** The floor form inside its dialog, whose panel already draws the frame. */
export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
