import { style } from '@vanilla-extract/css'
import { input } from './text-field.css'

export const textArea = style([input, { resize: 'vertical', minHeight: '5.5rem', lineHeight: 1.5 }])
