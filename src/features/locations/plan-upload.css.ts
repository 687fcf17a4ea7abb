import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const root = style({ display: 'grid', gap: vars.space.sm })

export const dropZone = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const dropping = style({
  borderColor: vars.color.primary,
  background: vars.color.primarySoft,
})

export const text = style({ margin: 0 })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const preview = style({ display: 'grid', gap: vars.space.xs, margin: 0 })

export const previewImage = style({
  maxWidth: '100%',
  maxHeight: '30vh',
  objectFit: 'contain',
  justifySelf: 'start',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const progress = style({ width: '100%', accentColor: vars.color.primary })

export const actions = style({ display: 'flex', gap: vars.space.sm })
