import { Fragment } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { Shortcut } from './command'
import * as styles from './command-palette.css'
import { isMacPlatform } from './keyboard-dom'
import { shortcutKeys } from './shortcut-keys'

const mac = typeof navigator !== 'undefined' && isMacPlatform(navigator.platform)

/** A shortcut as key caps; sequences read "G then O" so screen readers say it the same way. */
export function Keys({ shortcut }: { shortcut: Shortcut }) {
  const { LL } = useI18nContext()
  return (
    <span className={styles.keys}>
      {shortcutKeys(shortcut, mac).map((chord, i) => (
        <Fragment key={i}>
          {i > 0 ? <span>{LL.commands.then()}</span> : null}
          {chord.map((key) => (
            <kbd key={key} className={styles.kbd}>
              {key}
            </kbd>
          ))}
        </Fragment>
      ))}
    </span>
  )
}
