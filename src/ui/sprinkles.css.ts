import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles'
import { media } from './breakpoints'
import { vars } from './theme.css'

const layoutProperties = defineProperties({
  conditions: {
    xs: {},
    sm: { '@media': media.atLeast('sm') },
    md: { '@media': media.atLeast('md') },
    lg: { '@media': media.atLeast('lg') },
    xl: { '@media': media.atLeast('xl') },
  },
  defaultCondition: 'xs',
  properties: {
    display: ['none', 'flex', 'grid', 'block', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    gridTemplateColumns: {
      1: '1fr',
      2: 'repeat(2, minmax(0, 1fr))',
      3: 'repeat(3, minmax(0, 1fr))',
    },
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    marginY: ['marginTop', 'marginBottom'],
  },
})

const colorProperties = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    borderRadius: vars.radius,
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
  },
})

export const sprinkles = createSprinkles(layoutProperties, colorProperties)

export type Sprinkles = Parameters<typeof sprinkles>[0]
