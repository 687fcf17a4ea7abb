import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../ui/theme.css'

export const result = recipe({
  base: {
    display: 'inline-block',
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: '1.5rem',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      success: { color: vars.color.success, background: vars.color.successSoft },
      failure: { color: vars.color.danger, background: vars.color.dangerSoft },
    },
  },
})

export const device = style({ fontWeight: vars.fontWeight.medium })

// Beside the title, so the bar appearing never pushes the log down under the reader.
export const news = style({ display: 'flex', alignItems: 'center', minHeight: '2rem' })

export const doorFilter = style({ display: 'inline-flex', flexWrap: 'wrap', gap: vars.space.sm })
