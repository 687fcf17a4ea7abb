import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** A row's name as the link to its page: the list's one link, underlined on hover and focus. */
export const nameLink = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
})
