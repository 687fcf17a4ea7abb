import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

const base = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
})

// Colour repeats the word, never replaces it: the badge always says the severity in text.
export const badge = styleVariants({
  info: [base, { background: vars.color.graySoft, color: vars.color.text }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  critical: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
})
