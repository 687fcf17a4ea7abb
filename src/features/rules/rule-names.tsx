import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { groupPicker, schedulePicker } from '../../api/pickers'
import type { AccessRule, RuleTarget } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { usePickedOption } from '../../ui/combobox/use-picker'
import * as styles from './rules.css'

// What a rule names by id, in words: its groups and its schedule, found by their pickers (so a
// name already looked up anywhere is not asked for again), and its window of validity.

/** A group's name, linked to the group when `link`; "Group 7 (gone)" once it is deleted. */
export function GroupName({ id, link = false }: { id: number; link?: boolean }) {
  const { LL } = useI18nContext()
  const picked = usePickedOption(groupPicker, String(id))
  if (picked.missing) return <>{LL.rules.missingGroup({ id })}</>
  const name = picked.option?.label ?? '…'
  return link ? (
    <Link className={styles.nameLink} href={pathTo('groups-view', { id })}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  )
}

/** The groups, comma-separated. */
export function GroupNames({ ids }: { ids: readonly number[] }) {
  return ids.map((id, index) => (
    <span key={id}>
      {index > 0 ? ', ' : ''}
      <GroupName id={id} />
    </span>
  ))
}

/** "At any time", or the schedule's name, linked to it when `link`. */
export function ScheduleName({ id, link = false }: { id: number | null; link?: boolean }) {
  const { LL } = useI18nContext()
  const picked = usePickedOption(schedulePicker, id === null ? '' : String(id))
  if (id === null) return <>{LL.rules.anyTime()}</>
  if (picked.missing) return <>{LL.rules.missingSchedule({ id })}</>
  const name = picked.option?.label ?? '…'
  return link ? (
    <Link className={styles.nameLink} href={pathTo('schedules-view', { id })}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  )
}

/** "Always", "From …", "Until …" or "… to …", in the reader's time zone. */
export function validityText(
  LL: TranslationFunctions,
  rule: Pick<AccessRule, 'valid_from' | 'valid_until'>,
  format: Intl.DateTimeFormat,
): string {
  const from = rule.valid_from === null ? null : format.format(Date.parse(rule.valid_from))
  const until = rule.valid_until === null ? null : format.format(Date.parse(rule.valid_until))
  if (from !== null && until !== null) return LL.rules.between({ from, until })
  if (from !== null) return LL.rules.fromOnly({ from })
  if (until !== null) return LL.rules.untilOnly({ until })
  return LL.rules.always()
}

/** A place by its name today, or "Door 12 (gone)" once it is deleted (the server answers ''). */
export const placeName = (LL: TranslationFunctions, target: RuleTarget) =>
  target.name === ''
    ? LL.rules.missingPlace({ kind: LL.rules.kinds[target.type](), id: target.id })
    : target.name

/** The places, by name, comma-separated. */
export const placesText = (LL: TranslationFunctions, rule: Pick<AccessRule, 'targets'>) =>
  rule.targets.map((target) => placeName(LL, target)).join(', ')
