import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export { nameLink } from '../../ui/name-link.css'

export const battery = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const batteryTrack = style({
  flex: '0 0 4rem',
  height: '0.5rem',
  borderRadius: vars.radius.full,
  background: vars.color.graySoft,
  overflow: 'hidden',
})

const fill = { display: 'block', height: '100%' } as const

// One class per whole percent keeps the bar free of inline styles (house rule) for 101 tiny rules.
export const batteryWidth = styleVariants(
  Object.fromEntries(Array.from({ length: 101 }, (_, level) => [level, { width: `${level}%` }])),
)

// The score levels (requirements R4.12): the bar's colour says how urgent a battery change is.
export const batteryFill = styleVariants({
  success: { ...fill, background: vars.color.success },
  gray: { ...fill, background: vars.color.gray },
  warning: { ...fill, background: vars.color.warning },
  danger: { ...fill, background: vars.color.danger },
})

export const connection = styleVariants({
  connected: { color: vars.color.success },
  notConnected: { color: vars.color.danger },
})

export const capabilityList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const chip = style({
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
})

// Lets each term and value pair sit in the grid's two columns while staying one <div> in the <dl>.
export const factPair = style({ display: 'contents' })

export const factTerm = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium })

export const factValue = style({ margin: 0 })

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
})

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const commandRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const command = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxWidth: '18rem',
})

export const reason = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm })

export const auditList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const auditLine = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

export const lostIntro = style({ margin: 0, fontWeight: vars.fontWeight.medium })

export const lostList = style({ margin: `${vars.space.xs} 0 0`, paddingInlineStart: vars.space.lg })

/** "Try a PIN": the PIN field with its show toggle, then the keys three in a row. */
export const keypad = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const keypadField = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
})

export const keys = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 5rem)',
  gap: vars.space.sm,
})

export const granted = style({
  margin: 0,
  color: vars.color.success,
  fontWeight: vars.fontWeight.bold,
})

export const denied = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
})
