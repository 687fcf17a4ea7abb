import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

// A list of sessions or passkeys looks the same on the account page and a person's page.
export { grow, item, list, muted } from '../../ui/session-list.css'

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

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
