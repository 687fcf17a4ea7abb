import { useId, useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { groupPicker, locationPicker } from '../../api/pickers'
import type { RuleTarget } from '../../contract/access-model'
import { Button } from '../../ui/button'
import { Combobox } from '../../ui/combobox/combobox'
import { usePickedOption } from '../../ui/combobox/use-picker'
import * as fieldset from '../../ui/fieldset.css'
import { placeName } from './rule-names'
import { TargetTree } from './target-tree'
import { targetKey } from './target-tree-model'
import * as styles from './rules.css'

// The rule form's two lists: the groups it gives access, and the places it gives them.

interface GroupsFieldProps {
  value: readonly string[]
  error: string | null
  onChange: (ids: string[]) => void
}

/** The groups, each removable; the picker adds the one chosen at once. */
export function GroupsField({ value, error, onChange }: GroupsFieldProps) {
  const { LL } = useI18nContext()
  const [already, setAlready] = useState(false)
  return (
    <fieldset className={fieldset.fieldset}>
      <legend className={fieldset.legend}>{LL.rules.groups()}</legend>
      {value.length === 0 ? (
        <p className={styles.hint}>{LL.rules.noGroups()}</p>
      ) : (
        <ul className={styles.chips}>
          {value.map((id) => (
            <GroupChip key={id} id={id} onRemove={() => onChange(value.filter((g) => g !== id))} />
          ))}
        </ul>
      )}
      <Combobox
        name="group_ids"
        label={LL.rules.addGroup()}
        placeholder={LL.rules.chooseGroup()}
        source={groupPicker}
        value=""
        error={already ? LL.rules.alreadyChosen() : error}
        onChange={(id) => {
          if (id === '') return
          setAlready(value.includes(id))
          if (!value.includes(id)) onChange([...value, id])
        }}
      />
    </fieldset>
  )
}

function GroupChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { LL } = useI18nContext()
  const picked = usePickedOption(groupPicker, id)
  const name = picked.option?.label ?? (picked.missing ? LL.rules.missingGroup({ id }) : '…')
  return (
    <li className={styles.chip}>
      {name}
      <Button tone="ghost" size="sm" aria-label={LL.rules.removeGroup({ name })} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </Button>
    </li>
  )
}

interface TargetsFieldProps {
  value: readonly RuleTarget[]
  error: string | null
  onChange: (targets: RuleTarget[]) => void
}

/**
 * The places: those chosen so far (from any building), each removable, and a building's tree to
 * choose more from. A place covers everything under it, which the hint says and the tree shows.
 */
export function TargetsField({ value, error, onChange }: TargetsFieldProps) {
  const { LL } = useI18nContext()
  const hintId = `${useId()}-hint`
  const [building, setBuilding] = useState('')
  const label = (target: RuleTarget) => placeName(LL, target)
  return (
    <fieldset className={fieldset.fieldset} aria-describedby={hintId}>
      <legend className={fieldset.legend}>{LL.rules.places()}</legend>
      <p id={hintId} className={styles.hint}>
        {LL.rules.placesHint()}
      </p>
      {value.length === 0 ? (
        <p className={styles.hint}>{LL.rules.noPlaces()}</p>
      ) : (
        <ul className={styles.chips} aria-label={LL.rules.chosenPlaces()}>
          {value.map((target) => (
            <li key={targetKey(target.type, target.id)} className={styles.chip}>
              <span className={styles.kind}>{LL.rules.kinds[target.type]()}</span>
              {label(target)}
              <Button
                tone="ghost"
                size="sm"
                aria-label={LL.rules.removePlace({ name: label(target) })}
                onClick={() => onChange(value.filter((t) => t !== target))}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Combobox
        name="targets"
        label={LL.rules.building()}
        placeholder={LL.rules.chooseBuilding()}
        source={locationPicker}
        value={building}
        error={error}
        onChange={setBuilding}
      />
      {building === '' ? null : (
        <TargetTree locationId={Number(building)} value={value} onChange={onChange} />
      )}
    </fieldset>
  )
}
