import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'
import { DRAWER_MEDIA } from './shell.css'

export const sidebar = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  flexShrink: 0,
  width: vars.layout.sidebarOpen,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  transition: 'width 160ms ease, transform 200ms ease',
  zIndex: 40,
  selectors: {
    '&[data-collapsed="true"]': { width: vars.layout.sidebarCollapsed },
  },
  '@media': {
    [DRAWER_MEDIA]: {
      position: 'fixed',
      left: 0,
      width: vars.layout.sidebarOpen,
      transform: 'translateX(-100%)',
      boxShadow: vars.shadow.lg,
      visibility: 'hidden',
      selectors: {
        '&[data-collapsed="true"]': { width: vars.layout.sidebarOpen },
        '&[data-drawer-open="true"]': { transform: 'none', visibility: 'visible' },
      },
    },
  },
})

export const scrim = style({
  display: 'none',
  '@media': {
    [DRAWER_MEDIA]: {
      display: 'block',
      position: 'fixed',
      inset: 0,
      zIndex: 39,
      border: 0,
      padding: 0,
      background: vars.color.overlay,
    },
  },
})

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  height: vars.layout.topBar,
  padding: `0 ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '[data-collapsed="true"] &': { justifyContent: 'center', padding: 0 } },
})

export const brand = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  fontSize: vars.fontSize.lg,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
})

export const nav = style({ flex: 1, overflowY: 'auto', padding: vars.space.sm })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="page"]': {
      background: vars.color.primarySoft,
      color: vars.color.text,
      fontWeight: vars.fontWeight.medium,
    },
    '[data-collapsed="true"] &': { justifyContent: 'center', padding: 0 },
  },
})

export const label = style({
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    '[data-collapsed="true"] &': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
  },
  '@media': {
    [DRAWER_MEDIA]: {
      selectors: {
        '[data-collapsed="true"] &': {
          position: 'static',
          width: 'auto',
          height: 'auto',
          clip: 'auto',
        },
      },
    },
  },
})

export const footer = style({
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
})

export const collapseButton = style({
  width: 'auto',
  minWidth: '44px',
  justifyContent: 'center',
  padding: 0,
  '@media': { [DRAWER_MEDIA]: { display: 'none' } },
})
