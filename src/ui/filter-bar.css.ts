import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

// A list's filters above its table (devices, the journal): fields in a row that wraps, their
// labels on top, so the fields' baselines line up with the clear button.
export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.md,
  border: 'none',
  padding: 0,
})

export const filterField = style({ minWidth: '11rem' })
