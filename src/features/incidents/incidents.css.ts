import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  '@media': { 'screen and (max-width: 650px)': { gridTemplateColumns: '1fr' } },
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.muted })

export const definition = style({ margin: 0 })

export const instructions = style({ margin: 0, whiteSpace: 'pre-wrap' })
