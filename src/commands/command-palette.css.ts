import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { media } from '../ui/breakpoints'
import { vars } from '../ui/theme.css'

const appear = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -4px)' },
  to: { opacity: 1, transform: 'translate(-50%, 0)' },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 60,
})

// Anchored near the top rather than centred: the list grows downwards as results arrive without
// the input jumping under the user's eyes.
export const content = style({
  position: 'fixed',
  zIndex: 61,
  top: '12vh',
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(640px, calc(100vw - 2rem))',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  overflow: 'hidden',
  '@media': { [media.motion]: { animation: `${appear} 100ms ease-out` } },
})

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const crumb = style({
  flexShrink: 0,
  maxWidth: '40%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  color: vars.color.text,
})

export const input = style({
  flex: 1,
  minWidth: 0,
  height: 52,
  border: 0,
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontFamily: vars.font.body,
  selectors: { '&::placeholder': { color: vars.color.muted } },
})

export const list = style({
  maxHeight: 'min(420px, 60vh)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.xs,
})

globalStyle(`${list} [cmdk-group-heading]`, {
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    // Not colour alone: a bar in the primary colour (≥ 3:1 against the surface in both themes)
    // marks the selected row, beside the tint.
    '&[data-selected="true"]': {
      background: vars.color.surfaceHover,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}, inset 0 0 0 1px ${vars.color.primary}`,
    },
    '&[data-disabled="true"]': { cursor: 'not-allowed' },
  },
})

export const itemText = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
})

export const label = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const secondary = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const mark = style({
  background: 'transparent',
  color: 'inherit',
  fontWeight: vars.fontWeight.bold,
})

export const keys = style({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  flexShrink: 0,
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
})

export const kbd = style({
  minWidth: 22,
  padding: '1px 6px',
  textAlign: 'center',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.text,
  background: vars.color.graySoft,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

export const status = style({
  padding: `${vars.space.md} ${vars.space.md}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
})

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
})

export const hint = style({ display: 'inline-flex', alignItems: 'center', gap: 4 })

export const sheet = style({ width: 'min(560px, calc(100vw - 2rem))' })

export const sheetList = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
})

export const sheetTerm = style({ margin: 0 })

export const sheetHeading = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.muted,
})

export const sheetKeys = style({ margin: 0, display: 'flex', alignItems: 'center', gap: 4 })

// dt/dd pairs may be wrapped in a div inside a dl; `contents` lets the grid lay out the pair.
export const sheetRow = style({ display: 'contents' })
