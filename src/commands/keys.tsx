import { Fragment } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { Shortcut } from './command'
import * as styles from './command-palette.css'
import { isMacPlatform } from './keyboard-dom'
import { shortcutKeys } from './shortcut-keys'

export const mac = typeof navigator !== 'undefined' && isMacPlatform(navigator.platform)

/**
 * A shortcut as key caps; sequences read "G then O" so screen readers say it the same way. The
 * spaces between the caps cost nothing in the flex row and keep an accessible name or description
 * from running the keys together ("TthenD").
 */
export function Keys({ shortcut }: { shortcut: Shortcut }) {
  const { LL } = useI18nContext()
  return (
    <span className={styles.keys}>
      {shortcutKeys(shortcut, LL, mac).map((chord, i) => (
        <Fragment key={i}>
          {i > 0 ? ` ${LL.commands.then()} ` : null}
          {chord.map((key, j) => (
            <Fragment key={key}>
              {j > 0 ? ' ' : null}
              <kbd className={styles.kbd}>{key}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </span>
  )
}
