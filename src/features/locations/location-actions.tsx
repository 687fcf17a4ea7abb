import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { BulkCommandDialog } from '../../actions/bulk-command-dialog'
import type { BulkCommandName } from '../../actions/command-links'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Location } from '../../contract/locations'
import { pathTo } from '../../contract/pages'
import { lockdownNeeds, needs } from '../../contract/permissions'
import { WHO_CAN_OPEN_COMMAND } from '../../journal/who-can-open'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { AddFloorDialog } from './add-floor-dialog'
import { DeleteLocationDialog } from './delete-location-dialog'
import { UploadPlanDialog } from './upload-plan-dialog'
import { LockdownStartDialog } from '../../lockdown/lockdown-start'
import { SnowDayDialog } from '../../door-modes/snow-day-dialog'

// Every verb on a location, declared once (decision 063) and read by the palette. "Lock down",
// "add a floor" and "upload a plan" open their dialogs where the person is; their `?command=`
// words stay as links to bookmark.

export type LocationAction = Action<Location, PaletteContext>

const id = (location: Location) => location.location_id

/** "Lock/unlock everything here" for the whole location: its dry run opens where the person is. */
function wholeLocation(command: BulkCommandName) {
  return function BulkAtLocation({ entity, onClose }: ActionDialogProps<Location>) {
    const { LL } = useI18nContext()
    return (
      <BulkCommandDialog
        place={{
          kind: 'location',
          id: id(entity),
          name: LL.devices.bulk.wholeLocation({ name: entity.name }),
        }}
        command={command}
        open
        onClose={onClose}
      />
    )
  }
}

/** Deleted from its own page or edit page, the person goes back to the list; elsewhere they stay. */
function DeleteLocation({ entity, onClose }: ActionDialogProps<Location>) {
  const [path, navigate] = useLocation()
  const ownPages = [
    pathTo('locations-view', { id: id(entity) }),
    pathTo('locations-edit', { id: id(entity) }),
  ]
  return (
    <DeleteLocationDialog
      location={entity}
      onClose={onClose}
      onDeleted={() => {
        if (ownPages.includes(path)) navigate(listPlacePath(pathTo('locations')))
      }}
    />
  )
}

export const deleteLocationAction: LocationAction = {
  id: 'location.delete',
  label: (LL) => LL.commands.locations.delete(),
  needs: { anyOf: needs('locations', 'delete') },
  tone: 'danger',
  dialog: (props) => <DeleteLocation {...props} />,
  run: () => undefined,
}

const LockAll = wholeLocation('lock')
const UnlockAll = wholeLocation('unlock')

export const locationActions: readonly LocationAction[] = [
  {
    id: 'location.open',
    opensItsPage: true,
    label: (LL) => LL.commands.locations.open(),
    needs: {},
    run: (ctx, location) => ctx.navigate(pathTo('locations-view', { id: id(location) })),
  },
  {
    id: 'location.peek',
    label: (LL) => LL.commands.locations.peek(),
    needs: {},
    run: (ctx, location) =>
      ctx.navigate(pathTo('locations', { peek: id(location), row: id(location) })),
  },
  {
    id: 'location.edit',
    label: (LL) => LL.commands.locations.edit(),
    needs: { anyOf: needs('locations', 'update') },
    run: (ctx, location) => ctx.navigate(pathTo('locations-edit', { id: id(location) })),
  },
  {
    id: 'location.lock-all',
    label: (LL) => LL.devices.bulk.lockAll(),
    needs: { anyOf: needs('devices', 'update') },
    dialog: (props) => <LockAll {...props} />,
    run: () => undefined,
  },
  {
    id: 'location.unlock-all',
    label: (LL) => LL.devices.bulk.unlockAll(),
    needs: { anyOf: needs('devices', 'update') },
    dialog: (props) => <UnlockAll {...props} />,
    run: () => undefined,
  },
  {
    // "lock down acme" Enter: the start dialog where the person is (decisions 051, 063).
    id: 'location.lockdown',
    label: (LL) => LL.lockdown.lockDown(),
    needs: { anyOf: lockdownNeeds.start },
    dialog: (props) => <LockdownStartDialog {...props} />,
    run: () => undefined,
  },
  {
    // "open late acme" Enter: a snow day's dialog where the person is (issue 65, decision 071).
    id: 'location.open-late',
    label: (LL) => LL.snowDay.openLate(),
    needs: { anyOf: needs('devices', 'update') },
    dialog: ({ entity, onClose }) => (
      <SnowDayDialog location={entity} kind="open_late" onClose={onClose} />
    ),
    run: () => undefined,
  },
  {
    id: 'location.close-early',
    label: (LL) => LL.snowDay.closeEarly(),
    needs: { anyOf: needs('devices', 'update') },
    dialog: ({ entity, onClose }) => (
      <SnowDayDialog location={entity} kind="close_early" onClose={onClose} />
    ),
    run: () => undefined,
  },
  {
    // "who can open acme": the location's "Who can open this?", with focus on it.
    id: 'location.who-can-open',
    label: (LL) => LL.access.palette.whoCanOpen(),
    needs: { anyOf: needs('credentials', 'read') },
    run: (ctx, location) =>
      ctx.navigate(
        pathTo('locations-view', { id: id(location) }, { command: WHO_CAN_OPEN_COMMAND }),
      ),
  },
  {
    id: 'location.add-floor',
    label: (LL) => LL.commands.locations.addFloor(),
    needs: { anyOf: needs('locations', 'create') },
    dialog: (props) => <AddFloorDialog {...props} />,
    run: () => undefined,
  },
  {
    id: 'location.upload-plan',
    label: (LL) => LL.commands.locations.uploadPlan(),
    needs: { anyOf: needs('locations', 'update') },
    dialog: (props) => <UploadPlanDialog {...props} />,
    run: () => undefined,
  },
  deleteLocationAction,
]
