import { useI18nContext } from '../../i18n/i18n-react'
import * as styles from './command-palette.css'
import type { EntitySource } from './entity-source'
import { mac } from './keys'
import type { PaletteContext } from './registry'
import { SCOPE_PREFIXES } from './scopes'
import { keyName } from './shortcut-keys'

function Hint({ keys, text }: { keys: string; text: string }) {
  return (
    <span className={styles.hint}>
      <kbd className={styles.kbd}>{keys}</kbd>
      {text}
    </span>
  )
}

/** What the keys do right here, including the prefixes that are live for this user. */
export function PaletteFooter({
  nested,
  entitySelected,
  sources,
}: {
  nested: boolean
  entitySelected: boolean
  sources: readonly EntitySource<unknown, PaletteContext>[]
}) {
  const { LL } = useI18nContext()
  const key = (token: string) => keyName(LL, token, mac)
  return (
    <div className={styles.footer}>
      <Hint keys={`${key('arrowup')}${key('arrowdown')}`} text={LL.commands.hints.move()} />
      <Hint
        keys={key('enter')}
        text={entitySelected ? LL.commands.hints.open() : LL.commands.hints.run()}
      />
      {entitySelected ? <Hint keys={key('tab')} text={LL.commands.hints.actions()} /> : null}
      {nested ? <Hint keys={key('backspace')} text={LL.commands.hints.back()} /> : null}
      <Hint
        keys={key('escape')}
        text={nested ? LL.commands.hints.back() : LL.commands.hints.close()}
      />
      {nested ? null : (
        <>
          <Hint keys={SCOPE_PREFIXES.commands} text={LL.commands.scopes.commands()} />
          {sources.map((source) => (
            <Hint
              key={source.kind}
              keys={SCOPE_PREFIXES[source.kind]}
              text={LL.commands.scopes[source.kind]()}
            />
          ))}
        </>
      )}
    </div>
  )
}
