import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchLocationPage, locationKeys } from '../../api/locations'
import { devicePicker, doorPicker, locationPicker, organizationPicker } from '../../api/pickers'
import { alertScopeKinds, type AlertScopeKind } from '../../contract/alerts'
import { MAX_PAGE_LENGTH, type ListQuery } from '../../contract/list'
import type { PickerSource } from '../../lib/picker-search'
import { Button } from '../../ui/button'
import { Combobox } from '../../ui/combobox/combobox'
import { usePickedOption } from '../../ui/combobox/use-picker'
import * as fieldset from '../../ui/fieldset.css'
import { Select } from '../../ui/select'
import type { FormValues } from './alert-rule-form-model'
import * as styles from './alert-rules.css'

// The alert rule form's compound fields: where (a kind of place, then the place) and to whom
// (people and groups, through the console's pickers).

/** The picker of each kind of place; a floor is chosen from every building's floors instead. */
const pickers: Record<Exclude<AlertScopeKind, 'floor'>, PickerSource> = {
  organization: organizationPicker,
  location: locationPicker,
  door: doorPicker,
  device: devicePicker,
}

interface ScopeFieldProps {
  value: FormValues['scope']
  error: string | null
  onChange: (scope: FormValues['scope']) => void
}

export function ScopeField({ value, error, onChange }: ScopeFieldProps) {
  const { LL } = useI18nContext()
  const kindName = LL.alertRules.scopeKinds[value.kind]()
  return (
    <fieldset className={fieldset.fieldset}>
      <legend className={fieldset.legend}>{LL.alertRules.scope()}</legend>
      <Select
        label={LL.alertRules.scopeKind()}
        name="scope_kind"
        value={value.kind}
        options={alertScopeKinds.map((kind) => ({
          value: kind,
          label: LL.alertRules.scopeKinds[kind](),
        }))}
        onChange={(event) => {
          const kind = alertScopeKinds.find((k) => k === event.target.value)
          if (kind !== undefined && kind !== value.kind) onChange({ kind, id: '' })
        }}
      />
      {value.kind === 'floor' ? (
        <FloorSelect
          label={LL.alertRules.choosePlace({ kind: kindName })}
          value={value.id}
          error={error}
          onChange={(id) => onChange({ kind: 'floor', id })}
        />
      ) : (
        <Combobox
          key={value.kind}
          name="scope"
          label={LL.alertRules.choosePlace({ kind: kindName })}
          placeholder={LL.alertRules.choosePlace({ kind: kindName })}
          source={pickers[value.kind]}
          value={value.id}
          error={error}
          onChange={(id) => onChange({ kind: value.kind, id })}
        />
      )}
    </fieldset>
  )
}

const buildings: ListQuery<'name'> = {
  start: 0,
  length: MAX_PAGE_LENGTH,
  order_by: 'name',
  order_direction: 'asc',
  search: '',
}

/** Every floor of every building the person sees, named with its building. */
function FloorSelect(props: {
  label: string
  value: string
  error: string | null
  onChange: (id: string) => void
}) {
  const { LL } = useI18nContext()
  const locations = useQuery({
    queryKey: locationKeys.list(buildings),
    queryFn: ({ signal }) => fetchLocationPage(buildings, signal),
  }).data?.data
  const options = (locations ?? []).flatMap((location) =>
    location.floors.map((floor) => ({
      value: String(floor.floor_id),
      label: LL.alertRules.floorOf({ location: location.name, floor: floor.name }),
    })),
  )
  return (
    <Select
      label={props.label}
      name="scope"
      value={props.value}
      placeholder={props.label}
      options={options}
      error={props.error}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}

interface PickedListProps {
  legend: string
  name: string
  source: PickerSource
  addLabel: string
  placeholder: string
  empty: string
  removeLabel: (name: string) => string
  value: readonly string[]
  error: string | null
  onChange: (ids: string[]) => void
}

/** Chosen people or groups, each removable; the picker adds the one chosen at once. */
export function PickedList(props: PickedListProps) {
  const { LL } = useI18nContext()
  const { value, onChange } = props
  const [already, setAlready] = useState(false)
  return (
    <div className={styles.pickedList}>
      <p className={styles.listHeading}>{props.legend}</p>
      {value.length === 0 ? (
        <p className={styles.hint}>{props.empty}</p>
      ) : (
        <ul className={styles.chips} aria-label={props.legend}>
          {value.map((id) => (
            <Chip
              key={id}
              id={id}
              source={props.source}
              removeLabel={props.removeLabel}
              onRemove={() => onChange(value.filter((other) => other !== id))}
            />
          ))}
        </ul>
      )}
      <Combobox
        name={props.name}
        label={props.addLabel}
        placeholder={props.placeholder}
        source={props.source}
        value=""
        error={already ? LL.alertRules.alreadyChosen() : props.error}
        onChange={(id) => {
          if (id === '') return
          setAlready(value.includes(id))
          if (!value.includes(id)) onChange([...value, id])
        }}
      />
    </div>
  )
}

function Chip(props: {
  id: string
  source: PickerSource
  removeLabel: (name: string) => string
  onRemove: () => void
}) {
  const { LL } = useI18nContext()
  const picked = usePickedOption(props.source, props.id)
  const name =
    picked.option?.label ?? (picked.missing ? LL.alertRules.missing({ id: props.id }) : '…')
  return (
    <li className={styles.chip}>
      {name}
      <Button tone="ghost" size="sm" aria-label={props.removeLabel(name)} onClick={props.onRemove}>
        <span aria-hidden="true">×</span>
      </Button>
    </li>
  )
}
