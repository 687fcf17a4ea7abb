import { Fragment } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Dialog } from '../ui/dialog'
import { Notice } from '../ui/notice'
import { isSingleKey } from './hotkey-engine'
import * as styles from './command-palette.css'
import { Keys } from './keys'
import { usableShortcuts, type ListedCommand } from './palette-results'
import type { EntitySource } from './entity-source'
import { listKeyHints, type PaletteContext } from './registry'
import { SCOPE_PREFIXES } from './scopes'

/**
 * The `?` sheet, generated from the registry: every shortcut this user can press right now, then
 * the keys a focused list understands (from the DataTable's own key table), then the palette's
 * prefixes that are live for this user. It hands focus back
 * to where `?` was pressed through `onCloseAutoFocus`.
 */
export function CheatSheet({
  open,
  onOpenChange,
  onCloseAutoFocus,
  listed,
  sources,
  singleKeys,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus: (event: Event) => void
  listed: readonly ListedCommand<PaletteContext>[]
  sources: readonly EntitySource<unknown, PaletteContext>[]
  /** Off: the sheet says so, and the list keys it shows are the named ones. */
  singleKeys: boolean
}) {
  const { LL } = useI18nContext()
  const scopes = ['commands' as const, ...sources.map((source) => source.kind)]
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      className={styles.sheet}
      title={LL.commands.shortcuts.title()}
      description={LL.commands.shortcuts.description()}
    >
      {singleKeys ? null : <Notice tone="info">{LL.commands.shortcuts.singleKeysOff()}</Notice>}
      <h3 className={styles.sheetHeading}>{LL.commands.shortcuts.everywhere()}</h3>
      <dl className={styles.sheetList}>
        {usableShortcuts(listed).map(({ command }) => (
          <div key={command.id} className={styles.sheetRow}>
            <dt className={styles.sheetTerm}>{command.label(LL)}</dt>
            <dd className={styles.sheetKeys}>
              {command.shortcut === undefined ? null : <Keys shortcut={command.shortcut} />}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.sheetHeading}>{LL.commands.shortcuts.inLists()}</h3>
      <dl className={styles.sheetList}>
        {listKeyHints
          .flatMap((hint) => {
            const shortcuts = singleKeys
              ? hint.shortcuts
              : hint.shortcuts.filter((shortcut) => !isSingleKey(shortcut))
            return shortcuts.length === 0 ? [] : [{ ...hint, shortcuts }]
          })
          .map((hint) => (
            <div key={hint.id} className={styles.sheetRow}>
              <dt className={styles.sheetTerm}>{hint.label(LL)}</dt>
              <dd className={styles.sheetKeys}>
                {hint.shortcuts.map((shortcut, i) => (
                  <Fragment key={shortcut}>
                    {i > 0 ? <span className={styles.keys}> {LL.commands.or()} </span> : null}
                    <Keys shortcut={shortcut} />
                  </Fragment>
                ))}
              </dd>
            </div>
          ))}
      </dl>
      <h3 className={styles.sheetHeading}>{LL.commands.shortcuts.inPalette()}</h3>
      <dl className={styles.sheetList}>
        {scopes.map((kind) => (
          <div key={kind} className={styles.sheetRow}>
            <dt className={styles.sheetTerm}>
              {LL.commands.shortcuts.searchOnly({ scope: LL.commands.scopes[kind]() })}
            </dt>
            <dd className={styles.sheetKeys}>
              <kbd className={styles.kbd}>{SCOPE_PREFIXES[kind]}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
