import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
})

export const term = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium })

export const definition = style({ margin: 0 })

export const section = style({
  marginTop: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 })

export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const count = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const table = style({ width: '100%', borderCollapse: 'collapse' })

export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
})

export const muted = style({ color: vars.color.muted })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
