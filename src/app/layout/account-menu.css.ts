import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const root = style({ position: 'relative' })

export const avatarButton = style({
  display: 'inline-flex',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  cursor: 'pointer',
  boxShadow: `0 0 0 1px ${vars.color.border}`,
})

export const menu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 8px)',
  zIndex: 45,
  minWidth: '220px',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  // The menu grows to fit a label and its shortcut on one line instead of wrapping the label.
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceHover } },
})

export const header = style({
  padding: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xs,
  overflowWrap: 'anywhere',
})
