import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const link = style({ color: vars.color.primary, fontWeight: vars.fontWeight.medium })

export const sentence = style({
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})

export const sentenceLabel = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  marginBottom: vars.space.xs,
})

export const pin = style({
  margin: `${vars.space.md} 0`,
  fontFamily: vars.font.mono,
  fontSize: '2.5rem',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textAlign: 'center',
  wordSpacing: '0.4em',
})

export const row = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' })

export const grow = style({ flex: '1 1 14rem' })

export const deviceChoices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
})

export const deviceChoice = style({
  display: 'flex',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  cursor: 'pointer',
})

export const radio = style({ accentColor: vars.color.primary, margin: 0 })

export const offlineTag = style({ color: vars.color.muted, fontSize: vars.fontSize.sm })
