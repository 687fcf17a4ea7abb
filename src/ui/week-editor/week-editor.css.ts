import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css'

export const editor = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 })

// Narrow screens scroll the week sideways rather than squeezing half hours below a finger's width.
export const scroller = style({ overflowX: 'auto', paddingBlock: vars.space.xs })

export const grid = style({ display: 'grid', gap: 2, minWidth: '40rem' })

// Each row is a grid of its own with the same columns: a row element around its cells keeps the
// ARIA grid's structure without display: contents.
export const row = style({
  display: 'grid',
  gridTemplateColumns: '3rem repeat(48, minmax(0.75rem, 1fr))',
  gap: 1,
  alignItems: 'stretch',
})

export const rowHeader = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  alignSelf: 'center',
})

export const columnHeader = style({
  position: 'relative',
  height: '1.25rem',
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  whiteSpace: 'nowrap',
  overflow: 'visible',
})

export const hourLabel = style({ position: 'absolute', insetInlineStart: 0, bottom: 0 })

// A half hour, in the editor and in the chart: open ones filled, every hour's start a stronger line
// so the eye can count along the day.
const halfHour = style({
  background: vars.color.surfaceHover,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 2,
  selectors: {
    '&[data-open="true"]': { background: vars.color.primary, borderColor: vars.color.primary },
    '&[data-hour-start="true"]': { borderInlineStartColor: vars.color.muted },
  },
})

export const cell = style([
  halfHour,
  {
    height: '1.75rem',
    cursor: 'pointer',
    selectors: {
      '&[aria-selected="true"]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
      '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 1, zIndex: 1 },
    },
  },
])

export const chartCell = style([halfHour, { height: '1.25rem' }])

export const summary = style({ margin: 0, color: vars.color.text })

export const summaryLabel = style({ fontWeight: vars.fontWeight.medium })

export const help = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted })

export const typedRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm })

export const typedField = style({ flex: 1 })

// Lines the Apply button up with the field's input, below its label.
export const applyButton = style({ marginTop: '1.625rem' })

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger })
