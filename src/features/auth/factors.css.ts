import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const muted = style({ margin: 0, color: vars.color.muted })

export const label = style({ fontWeight: vars.fontWeight.medium })

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg })

// The QR code keeps a white quiet zone in both themes: scanners need the contrast.
export const qr = style({ background: '#fff', padding: vars.space.sm, alignSelf: 'flex-start' })

export const secret = style({ wordBreak: 'break-all', fontSize: vars.fontSize.md })

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, max-content)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontFamily: 'monospace',
})

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
})

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const grow = style({ flex: '1 1 12rem' })
