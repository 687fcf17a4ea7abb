import { keyframes, style } from '@vanilla-extract/css'
import { media } from './breakpoints'
import { vars } from './theme.css'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 50,
  '@media': { [media.motion]: { animation: `${fadeIn} 120ms ease-out` } },
})

export const content = style({
  position: 'fixed',
  zIndex: 51,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(480px, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 4rem)',
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.lg,
  '@media': { [media.motion]: { animation: `${fadeIn} 120ms ease-out` } },
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
})

export const description = style({
  margin: `${vars.space.xs} 0 ${vars.space.md}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
})

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
})

export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
})
