import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBlock: vars.space.lg,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.lg })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const line = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const muted = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

/** "Who can open this?": the moment's field and its Now button on one line. */
export const moment = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
})
