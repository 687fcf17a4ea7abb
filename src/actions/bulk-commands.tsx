import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import type { LocationDeep } from '../contract/locations'
import { needs } from '../contract/permissions'
import { BULK_PARAM, bulkCommands, requestedBulk, type BulkCommandName } from './command-links'
import { useSession } from '../session/session-context'
import { BulkCommandDialog, type BulkPlace } from './bulk-command-dialog'
import { Button } from '../ui/button'
import * as styles from './command-receipts.css'
import { Select } from '../ui/select'

/** The places of a location a bulk command can cover: the whole location, each floor, each room. */
export function bulkPlaces(location: LocationDeep, wholeName: string): BulkPlace[] {
  const places: BulkPlace[] = [{ kind: 'location', id: location.location_id, name: wholeName }]
  for (const floor of location.floors) {
    places.push({ kind: 'floor', id: floor.floor_id, name: floor.name })
    for (const room of floor.rooms)
      places.push({ kind: 'room', id: room.room_id, name: `${floor.name} › ${room.name}` })
  }
  return places
}

const placeValue = (place: BulkPlace) => `${place.kind}:${place.id}`

/**
 * "Lock/unlock everything here" for a location, one of its floors or one of its rooms; used by
 * the location view and the location drawer. `?bulk=lock` in the URL opens the dry run for the
 * whole location once (the palette opens the same dialog through the action host). Without devices:update (what the server
 * requires) the buttons stay visible, disabled, with that reason.
 */
export function BulkCommands({ location }: { location: LocationDeep }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const search = useSearch()
  const [path, navigate] = useLocation()
  const places = bulkPlaces(location, LL.devices.bulk.wholeLocation({ name: location.name }))
  const [chosen, setChosen] = useState(() => `location:${location.location_id}`)
  const [asked, setAsked] = useState<BulkCommandName | null>(null)
  const canSend = can(needs('devices', 'update'))
  const requested = requestedBulk(search)
  // A bookmarked `?bulk=lock` opens the dry run for the whole location; closing it drops the
  // word from the URL, so Back or a reload does not ask again.
  const linked = canSend && asked === null ? requested : null
  const open = asked ?? linked
  const close = () => {
    setAsked(null)
    if (requested === null) return
    const params = new URLSearchParams(search)
    params.delete(BULK_PARAM)
    const rest = params.toString()
    navigate(rest === '' ? path : `${path}?${rest}`, { replace: true })
  }
  const place =
    (linked === null && places.find((candidate) => placeValue(candidate) === chosen)) || places[0]
  // The dry run reads the place's devices: without devices:read there is nothing to show.
  if (!place || !can(needs('devices', 'read'))) return null
  return (
    <section aria-labelledby="bulk-commands" data-testid="bulk-commands">
      <h3 id="bulk-commands" className={styles.heading}>
        {LL.devices.bulk.section()}
      </h3>
      <div className={styles.bulkBar}>
        <Select
          label={LL.devices.bulk.scope()}
          value={chosen}
          options={places.map((candidate) => ({
            value: placeValue(candidate),
            label: candidate.name,
          }))}
          onChange={(event) => setChosen(event.target.value)}
        />
        {bulkCommands.map((command) => (
          <Button
            key={command}
            tone="secondary"
            disabled={!canSend}
            aria-describedby={canSend ? undefined : 'bulk-refusal'}
            onClick={() => setAsked(command)}
          >
            {command === 'lock' ? LL.devices.bulk.lockAll() : LL.devices.bulk.unlockAll()}
          </Button>
        ))}
      </div>
      {canSend ? null : (
        <p id="bulk-refusal" className={styles.intro}>
          {LL.devices.refusal.permission()}
        </p>
      )}
      {open ? (
        <BulkCommandDialog
          key={`${placeValue(place)} ${open}`}
          place={place}
          command={open}
          open
          onClose={close}
        />
      ) : null}
    </section>
  )
}
