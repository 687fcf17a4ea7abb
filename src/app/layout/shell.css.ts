import { style } from '@vanilla-extract/css'
import { media } from '../../ui/breakpoints'
import { vars } from '../../ui/theme.css'

export const DRAWER_MEDIA = media.drawer

export const shell = style({
  display: 'flex',
  minHeight: '100vh',
  background: vars.color.background,
})

export const column = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
})

export const main = style({
  flex: 1,
  padding: vars.space.lg,
  outline: 'none',
  '@media': {
    [media.mobile]: { padding: vars.space.md },
    // Wide screens get wider gutters; the widest keep lines readable by capping the content.
    [media.atLeast('lg')]: { padding: vars.space.xl },
    [media.atLeast('xl')]: { paddingInline: `max(${vars.space.xl}, calc((100% - 1840px) / 2))` },
  },
})

export const formPage = style({ marginBottom: vars.layout.formBottomMargin })

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-100px',
  zIndex: 80,
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  borderRadius: vars.radius.md,
  selectors: { '&:focus': { top: vars.space.sm } },
})

// The card hangs from a fixed top rather than being centred: it grows downwards when the sign-in
// form replaces the loading bar, so nothing already painted moves (a centred card shifted, CLS 0.14).
export const guest = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: vars.space.md,
  paddingTop: 'min(15vh, 8rem)',
  background: vars.color.background,
})

export const guestCard = style({
  width: 'min(420px, 100%)',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.xl,
  '@media': { [media.mobile]: { padding: vars.space.lg } },
})

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.primary,
})

export const mark = style({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
})

// The sidebar's column of the boot frame (boot-frame.tsx) on a wide screen, so its heading sits
// where the screen's will; its band holds the product's name where the sidebar's brand appears.
export const bootSidebar = style({
  flexShrink: 0,
  width: vars.layout.sidebarOpen,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  '@media': { [DRAWER_MEDIA]: { display: 'none' } },
})

// The band a signed-in reload paints before the shell (boot-frame.tsx): as tall as the top bar.
export const bootBand = style({
  display: 'flex',
  alignItems: 'center',
  height: vars.layout.topBar,
  padding: `0 ${vars.space.md}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.primary,
})

// The product's name in the top bar's band only while the sidebar is a drawer (else it is in the sidebar).
export const bootBandName = style({
  display: 'none',
  '@media': { [DRAWER_MEDIA]: { display: 'inline' } },
})
