import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { media } from './breakpoints'
import { vars } from './theme.css'

export const notice = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.md,
    border: '1px solid',
    fontSize: vars.fontSize.sm,
  },
  variants: {
    tone: {
      info: {
        background: vars.color.primarySoft,
        borderColor: vars.color.primary,
        color: vars.color.text,
      },
      success: {
        background: vars.color.successSoft,
        borderColor: vars.color.success,
        color: vars.color.text,
      },
      warning: {
        background: vars.color.warningSoft,
        borderColor: vars.color.warning,
        color: vars.color.text,
      },
      danger: {
        background: vars.color.dangerSoft,
        borderColor: vars.color.danger,
        color: vars.color.text,
      },
    },
  },
  defaultVariants: { tone: 'info' },
})

const slideIn = keyframes({
  from: { transform: 'translateY(8px)', opacity: 0 },
  to: { transform: 'none', opacity: 1 },
})

export const toastRegion = style({
  position: 'fixed',
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 60,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(380px, calc(100vw - 2rem))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const toast = style({
  boxShadow: vars.shadow.md,
  '@media': { [media.motion]: { animation: `${slideIn} 160ms ease-out` } },
})

export const toastText = style({ flex: 1 })
