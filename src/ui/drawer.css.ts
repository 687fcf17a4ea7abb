import { keyframes, style } from '@vanilla-extract/css'
import { media } from './breakpoints'
import { vars } from './theme.css'

const slideIn = keyframes({ from: { transform: 'translateX(24px)', opacity: 0 }, to: {} })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 50,
})

/** Half the width on wide screens; the whole screen at the mobile width (MOBILE_MAX) or less. */
export const panel = style({
  position: 'fixed',
  zIndex: 51,
  top: 0,
  right: 0,
  bottom: 0,
  width: '50vw',
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderLeft: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': {
    [media.motion]: { animation: `${slideIn} 140ms ease-out` },
    [media.mobile]: { width: '100vw', borderLeft: 'none' },
  },
})

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
})

export const hint = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
})
