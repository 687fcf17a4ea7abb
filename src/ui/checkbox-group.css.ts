import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const options = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
