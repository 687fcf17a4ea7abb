import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
})

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  selectors: {
    '&:not(:last-child)::after': {
      content: '"/"',
      color: vars.color.muted,
      marginLeft: vars.space.xs,
    },
  },
})

export const link = style({
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})

export const current = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium })

export const plain = style({ color: vars.color.muted })
