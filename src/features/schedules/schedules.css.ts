import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const section = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg })

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const calendarList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const calendarItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const attachRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm })

export const grow = style({ flex: 1 })

export { nameLink } from '../../ui/name-link.css'

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })
