import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { DoorModeSetting, DoorModeValue, ModeLayer } from '../contract/door-modes'
import { pathTo } from '../contract/pages'

// A layer of decision 069 in words: what kind it is, what it is called (linked where it has a
// page), and what it does now. One table of kinds, read by the panel, its timeline and its list.

export interface LayerWords {
  /** The kind: "Unlock schedule", "Override" … */
  title: string
  /** The schedule's, lockdown's or exception's name, an override's reason; its page if it has one. */
  name?: { text: string; href?: string }
  /** What it does now: "unlocked inside its hours", "Unlocked until Tue 18:00 · set by …". */
  detail: string
}

/** Formats an instant on the place's clock. */
export type AtText = (iso: string) => string

const modeWord = (LL: TranslationFunctions, mode: DoorModeValue) => LL.doorModes[mode]()

function groupName(LL: TranslationFunctions, id: number, setting: DoorModeSetting | null) {
  return setting?.first_person_in_group_id === id && setting.first_person_in_group_name !== null
    ? setting.first_person_in_group_name
    : LL.doorModes.unnamedGroup({ id })
}

function scheduleName(LL: TranslationFunctions, layer: ModeLayer, setting: DoorModeSetting | null) {
  if (layer.name !== undefined && layer.name !== '') return layer.name
  const id = layer.schedule_id ?? 0
  return setting?.schedule_id === id ? setting.schedule_name : LL.doorModes.unnamedSchedule({ id })
}

const joined = (...parts: (string | null)[]) => parts.filter((p) => p !== null).join(' · ')

function manualWords(
  LL: TranslationFunctions,
  layer: ModeLayer,
  at: AtText,
  chosen: boolean,
): string {
  const mode = modeWord(LL, layer.mode)
  const until = layer.until ?? null
  const lasting = chosen
    ? until === null
      ? LL.doorModes.overrideOpen({ mode })
      : LL.doorModes.overrideUntil({ mode, until: at(until) })
    : until === null
      ? LL.doorModes.commandOpen({ mode })
      : LL.doorModes.commandUntil({ mode, until: at(until) })
  const by = layer.by_email ?? null
  return joined(lasting, by === null || by === '' ? null : LL.doorModes.setBy({ email: by }))
}

function scheduleDetail(
  LL: TranslationFunctions,
  layer: ModeLayer,
  at: AtText,
  setting: DoorModeSetting | null,
): string {
  const first = layer.first_person_in
  if (first === undefined)
    return layer.mode === 'unlocked' ? LL.doorModes.scheduleIn() : LL.doorModes.scheduleOut()
  const group = groupName(LL, first.group_id, setting)
  if (first.opened_at === null || layer.mode === 'locked')
    return LL.doorModes.firstWaiting({ group })
  return joined(
    LL.doorModes.scheduleIn(),
    LL.doorModes.firstOpened({
      at: at(first.opened_at),
      group,
      email: layer.by_email ?? LL.doorModes.someone(),
    }),
  )
}

/** A scheduled unlock still waiting for its first person in: locked, until a member enters. */
export const waitsForFirstIn = (layer: ModeLayer) =>
  layer.kind === 'schedule' && layer.first_person_in !== undefined && layer.mode === 'locked'

/** The words of one layer; `setting` names the schedule and group when the answer does not. */
export function layerWords(
  LL: TranslationFunctions,
  layer: ModeLayer,
  at: AtText,
  setting: DoorModeSetting | null,
): LayerWords {
  const title = LL.doorModes.layer[layer.kind]()
  const named = layer.name === undefined || layer.name === '' ? undefined : { text: layer.name }
  switch (layer.kind) {
    case 'lockdown': {
      const id = layer.lockdown_id
      return {
        title,
        name: {
          text: layer.name || LL.doorModes.unnamedLockdown({ id: id ?? 0 }),
          ...(id === undefined ? {} : { href: pathTo('lockdowns-view', { id }) }),
        },
        detail: LL.doorModes.lockdownLocks(),
      }
    }
    case 'override':
    case 'command':
      return { title, name: named, detail: manualWords(LL, layer, at, layer.kind === 'override') }
    case 'snow_day':
      return { title, name: named, detail: LL.doorModes.snowDay() }
    case 'exception':
      return {
        title,
        name: layer.exception ? { text: layer.exception } : named,
        detail: LL.doorModes.exceptionMode({ mode: modeWord(LL, layer.mode) }),
      }
    case 'schedule': {
      const id = layer.schedule_id
      return {
        title,
        name: {
          text: scheduleName(LL, layer, setting),
          ...(id === undefined ? {} : { href: pathTo('schedules-view', { id }) }),
        },
        detail: scheduleDetail(LL, layer, at, setting),
      }
    }
    case 'default':
      return { title, detail: LL.doorModes.defaultLocked() }
  }
}

/** A layer on one line, for the list of changes and a marker's name: "Unlock schedule Office hours". */
export function layerLine(words: LayerWords): string {
  return words.name === undefined ? words.title : `${words.title} ${words.name.text}`
}
