import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userPicker } from '../../api/pickers'
import { journalActions, journalTargetTypes } from '../../contract/journal'
import {
  hasJournalFilters,
  noJournalFilters,
  type JournalFilters,
} from '../../contract/journal-view'
import { instantOf, localValue } from '../../lib/local-date-time'
import { Button } from '../../ui/button'
import { Combobox } from '../../ui/combobox/combobox'
import * as styles from '../../ui/filter-bar.css'
import { Select } from '../../ui/select'
import { TextField } from '../../ui/text-field'
import { visuallyHidden } from '../../ui/visually-hidden.css'

interface JournalFilterBarProps {
  filters: JournalFilters
  onChange: (filters: JournalFilters) => void
}

const ID = /^[1-9]\d{0,9}$/

/**
 * The journal's filters: action and target type as native selects, the target's id, the actor
 * searched by e-mail, and a time range in the browser's zone. Each change is a new URL.
 */
export function JournalFilterBar({ filters, onChange }: JournalFilterBarProps) {
  const { LL } = useI18nContext()
  return (
    <fieldset className={styles.filterBar} data-testid="journal-filters">
      <legend className={visuallyHidden}>{LL.journal.filters()}</legend>
      <Select
        className={styles.filterField}
        label={LL.journal.action()}
        value={filters.action ?? ''}
        placeholder={LL.journal.anyAction()}
        options={journalActions.map((action) => ({
          value: action,
          label: LL.journal.actions[action](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            action: journalActions.find((action) => action === event.target.value) ?? null,
          })
        }
      />
      <Select
        className={styles.filterField}
        label={LL.journal.targetType()}
        value={filters.targetType ?? ''}
        placeholder={LL.journal.anyTargetType()}
        options={journalTargetTypes.map((type) => ({
          value: type,
          label: LL.journal.targetTypes[type](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            targetType: journalTargetTypes.find((type) => type === event.target.value) ?? null,
          })
        }
      />
      <TargetIdField
        key={filters.targetId ?? ''}
        value={filters.targetId}
        onCommit={(targetId) => onChange({ ...filters, targetId })}
      />
      <Combobox
        className={styles.filterField}
        label={LL.journal.actor()}
        name="actor"
        source={userPicker}
        value={filters.actor === null ? '' : String(filters.actor)}
        onChange={(value) => onChange({ ...filters, actor: ID.test(value) ? Number(value) : null })}
      />
      <TextField
        className={styles.filterField}
        type="datetime-local"
        label={LL.journal.from()}
        value={localValue(filters.from)}
        onChange={(event) => onChange({ ...filters, from: instantOf(event.target.value) })}
      />
      <TextField
        className={styles.filterField}
        type="datetime-local"
        label={LL.journal.to()}
        value={localValue(filters.to)}
        onChange={(event) => onChange({ ...filters, to: instantOf(event.target.value) })}
      />
      {filters.about === null ? null : (
        <Button tone="secondary" onClick={() => onChange({ ...filters, about: null })}>
          {LL.journal.aboutFilter({
            target: LL.journal.targetTypes[filters.about.type](),
            id: filters.about.id,
          })}
        </Button>
      )}
      {hasJournalFilters(filters) ? (
        <Button tone="secondary" onClick={() => onChange(noJournalFilters)}>
          {LL.journal.clearFilters()}
        </Button>
      ) : null}
    </fieldset>
  )
}

/** The target's id, applied on Enter or on leaving the field, so typing "12" asks once. */
function TargetIdField({
  value,
  onCommit,
}: {
  value: number | null
  onCommit: (id: number | null) => void
}) {
  const { LL } = useI18nContext()
  const [text, setText] = useState(value === null ? '' : String(value))
  const trimmed = text.trim()
  const invalid = trimmed !== '' && !ID.test(trimmed)
  const commit = () => {
    if (invalid) return
    const next = trimmed === '' ? null : Number(trimmed)
    if (next !== value) onCommit(next)
  }
  return (
    <TextField
      className={styles.filterField}
      label={LL.journal.targetId()}
      inputMode="numeric"
      value={text}
      error={invalid ? LL.journal.targetIdInvalid() : null}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
      }}
    />
  )
}
