import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const nameLink = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
})

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const section = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg })

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const tableScroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const table = style({ width: '100%', borderCollapse: 'collapse' })

export const caption = style({
  textAlign: 'start',
  padding: vars.space.sm,
  fontWeight: vars.fontWeight.medium,
})

export const headerCell = style({
  textAlign: 'start',
  padding: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const cell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
})

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm })

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const grow = style({ flex: 1, minWidth: '10rem' })

export const radios = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const radio = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })
