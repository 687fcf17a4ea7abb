import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDeepDetail } from '../../api/locations'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { BulkCommands } from '../../actions/bulk-commands'
import { DoorOverrideButtons } from '../../actions/door-override-actions'
import { buttonClass } from '../../ui/button'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { formatAddress } from './location-address'
import { LocationTree } from './location-tree'
import type { TreeRow } from '../../lib/location-tree-model'
import * as styles from './locations.css'
import { useUrlCommand } from './use-url-command'
import { JournalHistory } from '../../journal/journal-history'
import { WhoCanOpen } from '../../journal/who-can-open'
import type { ScopeChoice } from '../../lockdown/lockdown-dialogs'
import { LockdownStart } from '../../lockdown/lockdown-start'

/** /locations/view/:id — the building from `?deep=true` as a tree, edited in place. */
export function LocationViewScreen() {
  const { LL } = useI18nContext()
  const { can, user } = useSession()
  const detail = useDetail(locationDeepDetail, (location) => location.name)
  const { id, item: location } = detail
  usePageSubject('locations', location)
  // The palette's "add a floor" lands here with `?command=add-floor`; the tree opens its editor.
  const { command, done } = useUrlCommand()
  const [addFloorNow] = useState(command === 'add-floor')
  const [lockdownNow] = useState(command === 'lockdown')
  // The floor, room, door or device last gone to in the tree: its history shows below the location's.
  const [part, setPart] = useState<TreeRow | null>(null)
  useEffect(() => {
    if (command !== null && location) done()
  }, [command, done, location])

  if (!location)
    return (
      <DetailState
        title={LL.locations.viewTitle()}
        notFound={LL.locations.notFound()}
        detail={detail}
      />
    )
  const address = formatAddress(location)
  const canUpdate = can(needs('locations', 'update'))
  // The location, the floor picked in the tree, each floor, then the whole organization.
  const floorOf = (floor: { floor_id: number; name: string }): ScopeChoice => ({
    scope_type: 'floor',
    scope_id: floor.floor_id,
    name: `${location.name} › ${floor.name}`,
  })
  const pickedDoor =
    part?.kind === 'door'
      ? location.floors
          .flatMap((floor) => floor.rooms.flatMap((room) => room.doors))
          .find((door) => door.door_id === part.id)
      : undefined
  const picked = part?.kind === 'floor' ? location.floors.find((f) => f.floor_id === part.id) : null
  const here: ScopeChoice = {
    scope_type: 'location',
    scope_id: location.location_id,
    name: location.name,
  }
  const scopes: [ScopeChoice, ...ScopeChoice[]] = [
    picked ? floorOf(picked) : here,
    ...(picked ? [here] : []),
    ...location.floors.filter((f) => f !== picked).map(floorOf),
    {
      scope_type: 'organization',
      scope_id: location.organization_id,
      name:
        user?.organization_id === location.organization_id
          ? user.organization_name
          : LL.lockdown.scopeTypes.organization(),
    },
  ]

  return (
    <Page
      title={location.name}
      intro={<span className={styles.address}>{address || LL.locations.noAddress()}</span>}
      actions={
        <>
          <Link
            className={buttonClass({ tone: 'secondary' })}
            href={pathTo('locations', { peek: id, row: id })}
          >
            {LL.locations.peekButton()}
          </Link>
          {canUpdate ? (
            <Link className={buttonClass()} href={pathTo('locations-edit', { id })}>
              {LL.locations.edit()}
            </Link>
          ) : null}
          <LockdownStart
            key={picked ? `floor-${picked.floor_id}` : 'location'}
            scopes={scopes}
            openNow={lockdownNow}
          />
        </>
      }
    >
      <LocationTree
        location={location}
        canCreate={can(needs('locations', 'create'))}
        canUpdate={canUpdate}
        canDelete={can(needs('locations', 'delete'))}
        addFloorNow={addFloorNow}
        onPicked={setPart}
      />
      <BulkCommands location={location} />
      {pickedDoor ? <DoorOverrideButtons door={pickedDoor} /> : null}
      <WhoCanOpen type="location" id={location.location_id} />
      {part?.kind === 'door' || part?.kind === 'device' ? (
        <WhoCanOpen
          key={`access-${part.key}`}
          type={part.kind}
          id={part.id}
          name={`${LL.locations.kinds[part.kind]()} ${part.name}`}
        />
      ) : null}
      <JournalHistory type="location" id={location.location_id} />
      {part ? (
        <JournalHistory
          key={part.key}
          type={part.kind}
          id={part.id}
          name={`${LL.locations.kinds[part.kind]()} ${part.name}`}
        />
      ) : null}
    </Page>
  )
}
