import type { ModeLayer } from '../../src/contract/door-modes'
import type { LayerNames } from './door-layers'
import type { Layer } from './mode-at'

// A layer as the contract writes it (decision 069): instants as ISO strings, its id under its kind's
// name, and what a person reads for it — the schedule's name, the lockdown's scope, an override's or
// a snow day's reason, the exception's calendar entry — with who set it or opened the day.

const named = (name: string | null | undefined) => (name ? { name } : {})

export function layerAnswer(layer: Layer, names: LayerNames): ModeLayer {
  switch (layer.kind) {
    case 'lockdown':
      return {
        kind: layer.kind,
        mode: layer.mode,
        lockdown_id: layer.lockdown_id,
        ...named(names.lockdowns.get(layer.lockdown_id)),
      }
    case 'override':
    case 'command': {
      const set = names.manual.get(layer.id)
      return {
        kind: layer.kind,
        mode: layer.mode,
        override_id: layer.id,
        until: layer.until?.toISOString() ?? null,
        ...named(set?.reason),
        by_email: set?.by_email ?? null,
      }
    }
    case 'snow_day':
      return {
        kind: layer.kind,
        mode: layer.mode,
        snow_day_id: layer.snow_day_id,
        ...named(names.snowDays.get(layer.snow_day_id)),
      }
    case 'exception':
    case 'schedule': {
      const opener = layer.first_person_in
      return {
        kind: layer.kind,
        mode: layer.mode,
        schedule_id: layer.schedule_id,
        ...(layer.exception === undefined ? {} : { exception: layer.exception }),
        ...named(layer.kind === 'exception' ? layer.exception : names.schedule),
        ...(opener === undefined
          ? {}
          : {
              first_person_in: {
                group_id: opener.group_id,
                opened_by: opener.opened_by,
                opened_at: opener.opened_at?.toISOString() ?? null,
              },
              by_email:
                opener.opened_by === null ? null : (names.openers.get(opener.opened_by) ?? null),
            }),
      }
    }
    case 'default':
      return { kind: layer.kind, mode: layer.mode }
  }
}
