import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Incident } from '../../contract/alerts'
import { wallTime, zoneCity } from '../../lib/code-text'

// An incident in words: its times on the wall clock of the place it happened (the location's own
// zone, else its organization's), the zone named by its city, as offline codes are shown; who
// handled it. Pure, so the words are unit-tested.

/** The zones the console knows: each location's own (or null) and each organization's. */
export interface PlaceZones {
  readonly locations: ReadonlyMap<number, { name: string; time_zone: string | null }>
  readonly organizations: ReadonlyMap<number, string>
}

/** The IANA zone of the incident's place, or null when the console cannot know it. */
export function incidentZone(
  incident: Pick<Incident, 'location_id' | 'organization_id'>,
  zones: PlaceZones,
): string | null {
  const own =
    incident.location_id === null
      ? null
      : (zones.locations.get(incident.location_id)?.time_zone ?? null)
  return own ?? zones.organizations.get(incident.organization_id) ?? null
}

/**
 * "2026-12-03 09:15 (Berlin)" in the place's zone; without a known zone, the reader's own clock
 * through `fallback` (a DateTimeFormat), which then names no city.
 */
export function placeTime(
  LL: TranslationFunctions,
  iso: string,
  zone: string | null,
  fallback: Intl.DateTimeFormat,
): string {
  if (zone === null) return fallback.format(Date.parse(iso))
  return LL.incidents.inZone({ time: wallTime(iso, zone), zone: zoneCity(zone) })
}

/** "Ground floor Reception door in Acme HQ", or the subject alone where its place is unknown. */
export function subjectText(
  LL: TranslationFunctions,
  incident: Pick<Incident, 'subject' | 'location_id'>,
  zones: PlaceZones,
): string {
  const place =
    incident.location_id === null ? undefined : zones.locations.get(incident.location_id)?.name
  const subject = incident.subject.name
  return place === undefined || place === subject
    ? subject
    : LL.incidents.subjectIn({ subject, place })
}

/**
 * Who handled it and when: resolved (by a person, or ended by itself), else acknowledged, else
 * nothing yet (null).
 */
export function handledText(
  LL: TranslationFunctions,
  incident: Incident,
  when: (iso: string) => string,
): string | null {
  if (incident.state === 'resolved' && incident.resolved_at !== null) {
    if (incident.resolution !== null && incident.resolution !== 'person')
      return LL.incidents.resolvedByItself({
        how: LL.answers.resolution[incident.resolution](),
        when: when(incident.resolved_at),
      })
    return LL.incidents.resolvedBy({
      who: incident.resolved_by?.email ?? LL.incidents.someone(),
      when: when(incident.resolved_at),
    })
  }
  if (incident.acknowledged_at !== null)
    return LL.incidents.acknowledgedBy({
      who: incident.acknowledged_by?.email ?? LL.incidents.someone(),
      when: when(incident.acknowledged_at),
    })
  return null
}
