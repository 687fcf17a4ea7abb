import { keyframes } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { media } from './breakpoints'
import { vars } from './theme.css'

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } })

export const skeleton = recipe({
  base: {
    display: 'block',
    background: vars.color.graySoft,
    borderRadius: vars.radius.sm,
    '@media': { [media.motion]: { animation: `${pulse} 1.4s ease-in-out infinite` } },
  },
  variants: {
    shape: {
      line: { width: '100%', height: '1rem' },
      title: { width: '40%', height: '1.75rem' },
      block: { width: '100%', height: '8rem' },
      avatar: { width: '2.5rem', height: '2.5rem', borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'line' },
})
