import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  '@media': { 'screen and (max-width: 650px)': { gridTemplateColumns: '1fr' } },
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.muted })

export const definition = style({ margin: 0, overflowWrap: 'anywhere' })

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginTop: vars.space.xl,
})

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const attempts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const attempt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})

export const attemptHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const attemptTitle = style({ margin: 0, fontSize: vars.fontSize.md })

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
})

export const fact = style({ display: 'flex', gap: vars.space.xs })

export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm })

export const answerFigure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
})

export const answer = style({
  margin: 0,
  padding: vars.space.sm,
  maxHeight: '12rem',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})
