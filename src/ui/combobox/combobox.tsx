import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { PickerOption, PickerSearchState, PickerSource } from '../../lib/picker-search'
import { numberFormat } from '../../lib/number-format'
import { FieldNotes } from '../field-notes'
import { useFieldIds } from '../field-ids'
import * as fieldStyles from '../text-field.css'
import * as styles from './combobox.css'
import { usePickedOption, usePickerSearch, useRememberOption } from './use-picker'

export interface ComboboxProps {
  label: ReactNode
  /** The form field it sets: focus on a problem finds the input by it (`data-field`). */
  name: string
  source: PickerSource
  /** The chosen option's value, '' for none. */
  value: string
  onChange: (value: string, option: PickerOption | null) => void
  onBlur?: () => void
  error?: string | null
  hint?: ReactNode
  required?: boolean
  placeholder?: string
  className?: string
}

/** What the popup's status line says: loading, failure, no match, or how many matched. */
function statusText(LL: TranslationFunctions, locale: string, search: PickerSearchState) {
  const count = (n: number) => numberFormat(locale).format(n)
  if (search.status === 'idle') return ''
  if (search.status === 'loading') return LL.picker.searching()
  if (search.status === 'failed') return LL.picker.failed()
  if (search.options.length === 0)
    return search.text === '' ? LL.picker.nothing() : LL.picker.noMatches({ search: search.text })
  if (search.total > search.options.length)
    return LL.picker.more({ shown: search.options.length, formatted: count(search.total) })
  return LL.picker.matches({ formatted: count(search.total), count: search.total })
}

/**
 * A WAI-ARIA combobox with a listbox popup that searches its source as the user types: ↓ and ↑
 * open it and move through the options, Enter picks, Escape closes (a second Escape is the form's),
 * a click picks. The input shows the chosen option's label; leaving it with other text puts that
 * label back, leaving it empty clears the value.
 */
export function Combobox(props: ComboboxProps) {
  const { label, name, source, value, onChange, onBlur, error, hint, required } = props
  const { LL, locale } = useI18nContext()
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error)
  const listId = `${useId()}-list`
  const optionId = (index: number) => `${listId}-${index}`
  const picked = usePickedOption(source, value)
  const remember = useRememberOption(source)
  const search = usePickerSearch()
  const [open, setOpen] = useState(false)
  // null while the input shows the chosen label; the user's text once they type.
  const [text, setText] = useState<string | null>(null)
  const [active, setActive] = useState(-1)
  const options = search.state.options
  const current = open && active < options.length ? active : -1

  useEffect(() => {
    if (current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' })
    // optionId only joins listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const chosenLabel = picked.option?.label ?? (picked.missing ? LL.picker.missing({ value }) : '')
  const shown = text ?? chosenLabel

  const openPopup = (first: number) => {
    setOpen(true)
    setActive(first)
    search.update(source, (text ?? '').trim(), true)
  }

  const close = () => {
    setOpen(false)
    setActive(-1)
    search.stop()
  }

  const choose = (option: PickerOption) => {
    remember(option)
    setText(null)
    close()
    onChange(option.value, option)
  }

  const move = (step: 1 | -1) => {
    if (!open) return openPopup(step === 1 ? 0 : Math.max(options.length - 1, 0))
    // The failure's words offer ↓ as the way to ask again.
    if (search.state.status === 'failed') return search.update(source, (text ?? '').trim(), true)
    if (options.length === 0) return
    // Past either end wraps around, as the APG's combobox examples do.
    setActive((current + step + options.length) % options.length)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Enter' && open && !event.ctrlKey && !event.metaKey) {
      // An open list keeps Enter: it picks, it never submits the form behind it.
      event.preventDefault()
      const option = options[current]
      if (option) choose(option)
    } else if (event.key === 'Escape' && (open || text !== null)) {
      event.preventDefault()
      event.stopPropagation()
      setText(null)
      close()
    }
  }

  const leave = () => {
    if (text !== null && text.trim() === '' && value !== '') onChange('', null)
    setText(null)
    close()
    onBlur?.()
  }

  return (
    <div
      className={props.className ? `${fieldStyles.field} ${props.className}` : fieldStyles.field}
    >
      <label id={`${id}-label`} htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.anchor}>
        <input
          id={id}
          data-field={name}
          className={fieldStyles.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={picked.loading ? LL.common.loading() : props.placeholder}
          value={shown}
          onChange={(event) => {
            const typed = event.target.value
            setText(typed)
            setOpen(true)
            setActive(-1)
            search.update(source, typed.trim())
          }}
          onKeyDown={onKeyDown}
          onClick={() => (open ? undefined : openPopup(-1))}
          onBlur={leave}
        />
        <div className={styles.popup} data-open={open}>
          <ul id={listId} role="listbox" aria-labelledby={`${id}-label`} className={styles.listbox}>
            {open
              ? options.map((option, index) => (
                  <li
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === current}
                    // Both lines name the option (a user's e-mail and full name): a screen reader hears both.
                    aria-label={option.detail ? `${option.label}, ${option.detail}` : undefined}
                    className={styles.option}
                    // Keeps focus in the input, so the click picks instead of blurring first.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => (index === current ? undefined : setActive(index))}
                    onClick={() => choose(option)}
                  >
                    <span className={option.value === value ? styles.current : undefined}>
                      {option.label}
                    </span>
                    {option.detail ? <span className={styles.detail}>{option.detail}</span> : null}
                  </li>
                ))
              : null}
          </ul>
          <p role="status" className={styles.status}>
            {open ? statusText(LL, locale, search.state) : ''}
          </p>
        </div>
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
