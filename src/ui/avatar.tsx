import { avatarColorIndex, initials } from '../lib/avatar'
import * as styles from './avatar.css'

/**
 * Initials on a palette colour chosen by the name's first letter (requirements R3.14). Decorative.
 */
export function Avatar({ name, className }: { name: string; className?: string }) {
  const classes = `${styles.avatar} ${styles.tone[avatarColorIndex(name)] ?? ''}`
  return (
    <span className={className ? `${classes} ${className}` : classes} aria-hidden="true">
      {initials(name)}
    </span>
  )
}
