import { style } from '@vanilla-extract/css'
import { media } from '../../ui/breakpoints'
import { vars } from '../../ui/theme.css'

// On a phone-sized screen only the magnifier shows: the breadcrumb and the account menu need the room.
const NARROW = media.mobile

export const search = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: '0 1 18rem',
  minWidth: 0,
  height: '40px',
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.muted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, borderColor: vars.color.muted },
  },
  '@media': {
    [NARROW]: {
      flex: '0 0 auto',
      justifyContent: 'center',
      width: '40px',
      padding: 0,
      border: '1px solid transparent',
      background: 'transparent',
      color: vars.color.text,
    },
  },
})

export const placeholder = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textAlign: 'left',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [NARROW]: { display: 'none' } },
})

export const keys = style({
  flexShrink: 0,
  '@media': { [NARROW]: { display: 'none' } },
})
