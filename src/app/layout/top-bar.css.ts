import { style } from '@vanilla-extract/css'
import { media } from '../../ui/breakpoints'
import { vars } from '../../ui/theme.css'
import { DRAWER_MEDIA } from './shell.css'

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 30,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: vars.layout.topBar,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.mobile]: { padding: `0 ${vars.space.sm}` } },
})

export const menuButton = style({
  display: 'none',
  '@media': { [DRAWER_MEDIA]: { display: 'inline-flex' } },
})

export const crumbs = style({ flex: 1, minWidth: 0 })

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  lineHeight: 1.25,
  fontSize: vars.fontSize.sm,
  '@media': { [media.mobile]: { display: 'none' } },
})

export const role = style({ color: vars.color.muted, fontSize: vars.fontSize.xs })
