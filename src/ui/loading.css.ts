import { keyframes, style } from '@vanilla-extract/css'
import { media } from './breakpoints'
import { vars } from './theme.css'

const slide = keyframes({
  '0%': { transform: 'translateX(-100%)' },
  '100%': { transform: 'translateX(250%)' },
})

export const bar = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: '3px',
  overflow: 'hidden',
  zIndex: 70,
  background: vars.color.primarySoft,
})

export const barFill = style({
  width: '40%',
  height: '100%',
  background: vars.color.primary,
  '@media': { [media.motion]: { animation: `${slide} 1.1s ease-in-out infinite` } },
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const spinner = style({
  display: 'inline-block',
  width: '1.25rem',
  height: '1.25rem',
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: vars.radius.full,
  '@media': { [media.motion]: { animation: `${spin} 700ms linear infinite` } },
})

export const centered = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '50vh',
})
