import { Command as Cmdk } from 'cmdk'
import { useI18nContext } from '../../i18n/i18n-react'
import * as styles from './command-palette.css'
import { Highlighted } from './highlighted'
import { Keys } from './keys'
import type { PaletteRow } from './palette-results'
import type { PaletteContext } from './registry'

export function PaletteRowView({
  row,
  query,
  onChoose,
}: {
  row: PaletteRow<PaletteContext>
  query: string
  onChoose: (row: PaletteRow<PaletteContext>) => void
}) {
  const { LL } = useI18nContext()
  if (row.kind === 'entity') {
    return (
      <Cmdk.Item value={row.value} onSelect={() => onChoose(row)} className={styles.item}>
        <span className={styles.itemText}>
          <span className={styles.label}>
            <Highlighted text={row.hit.view.title} query={query} />
          </span>
          {row.hit.view.subtitle === undefined ? null : (
            <span className={styles.secondary}>{row.hit.view.subtitle}</span>
          )}
        </span>
      </Cmdk.Item>
    )
  }
  const { command, availability } = row.listed
  return (
    <Cmdk.Item
      value={row.value}
      disabled={availability.state === 'disabled'}
      onSelect={() => onChoose(row)}
      className={styles.item}
    >
      <span className={styles.itemText}>
        <span className={styles.label}>
          <Highlighted text={command.label(LL)} query={query} />
        </span>
        {availability.state === 'disabled' ? (
          <span className={styles.secondary}>{availability.reason(LL)}</span>
        ) : null}
      </span>
      {command.shortcut === undefined ? null : <Keys shortcut={command.shortcut} />}
    </Cmdk.Item>
  )
}
