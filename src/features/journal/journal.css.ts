import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const target = style({ fontWeight: vars.fontWeight.medium })

export const changesTitle = style({
  textAlign: 'start',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  paddingBlockEnd: vars.space.xs,
})

export const changes = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
})

export const changeCell = style({
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

export const problems = style({ marginBottom: vars.space.md })
