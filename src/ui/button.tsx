import type { ComponentPropsWithRef } from 'react'
import * as styles from './button.css'

type ButtonProps = ComponentPropsWithRef<'button'> & styles.ButtonVariants

export function Button({ tone, size, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = styles.button({ tone, size, block })
  return (
    <button type={type} className={className ? `${classes} ${className}` : classes} {...rest} />
  )
}

export function buttonClass(variants: styles.ButtonVariants = {}): string {
  return styles.button(variants)
}
