import { useLocation } from 'wouter'
import { groupKeys, removeMembers } from '../../api/groups'
import { refetchAfterWrite } from '../../api/queries'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Group, Member } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { AddMembersDialog } from './add-members-dialog'
import { DeleteGroupDialog } from './delete-group-dialog'
import { MemberWindowDialog } from './member-window-dialog'
import { memberName } from './member-names'

// Every verb on a group and on its members, declared once (decision 063): the palette (`&`
// results, "add members front desk"), the group's page and its list's rows read this table.

export type GroupAction = Action<Group, PaletteContext>

const updaters = needs('groups', 'update')

function AddMembers({ entity, onClose }: ActionDialogProps<Group>) {
  return <AddMembersDialog group={entity} onClose={onClose} />
}

/** Deleting from the group's own pages returns to the list the person came from. */
function Delete({ entity, onClose }: ActionDialogProps<Group>) {
  const [path, navigate] = useLocation()
  const own = [
    pathTo('groups-view', { id: entity.group_id }),
    pathTo('groups-edit', { id: entity.group_id }),
  ]
  return (
    <DeleteGroupDialog
      group={entity}
      onClose={onClose}
      onDeleted={() => {
        if (own.includes(path)) navigate(listPlacePath(pathTo('groups')))
      }}
    />
  )
}

export const groupVerbs = {
  edit: {
    id: 'group.edit',
    label: (LL) => LL.groups.palette.edit(),
    needs: { anyOf: updaters },
    run: (ctx, group) => ctx.navigate(pathTo('groups-edit', { id: group.group_id })),
  },
  'add-members': {
    id: 'group.add-members',
    label: (LL) => LL.groups.addMembers(),
    needs: { anyOf: updaters },
    tone: 'secondary',
    deepLink: 'add-members',
    dialog: (props) => <AddMembers {...props} />,
    run: () => undefined,
  },
  delete: {
    id: 'group.delete',
    label: (LL) => LL.groups.palette.delete(),
    needs: { anyOf: needs('groups', 'delete') },
    tone: 'danger',
    deepLink: 'delete',
    dialog: (props) => <Delete {...props} />,
    run: () => undefined,
  },
} satisfies Record<string, GroupAction>

/** Every action on a group, in the palette's order: viewing first (what Enter does). */
export const groupActions: readonly GroupAction[] = [
  {
    id: 'group.view',
    opensItsPage: true,
    label: (LL) => LL.groups.palette.view(),
    needs: {},
    run: (ctx, group) => ctx.navigate(pathTo('groups-view', { id: group.group_id })),
  },
  groupVerbs['add-members'],
  groupVerbs.edit,
  groupVerbs.delete,
  {
    id: 'group.show-in-list',
    label: (LL) => LL.groups.palette.showInList(),
    needs: {},
    run: (ctx, group) =>
      ctx.navigate(pathTo('groups', { search: group.name, row: group.group_id })),
  },
]

/** The action a deep link asks for (`?command=add-members`), if it names one. */
export const deepLinkedGroupAction = (word: string | null): GroupAction | undefined =>
  word === null ? undefined : groupActions.find((action) => action.deepLink === word)

/** Members of one group chosen on its page; `done` lets go of the selection once they are out. */
export interface MemberChoice {
  readonly group: Group
  readonly members: readonly Member[]
  readonly done?: () => void
}

/** "Remove from group": one confirmation naming who or how many, then one request per 1,000. */
export const removeMembersAction: Action<MemberChoice> = {
  id: 'group.remove-members',
  label: (LL) => LL.groups.removeSelected(),
  needs: { anyOf: updaters },
  tone: 'danger',
  confirm: {
    tone: 'destructive',
    title: (LL, { group, members }) => {
      const [only] = members
      return members.length === 1 && only
        ? LL.groups.removeOneTitle({ name: memberName(only), group: group.name })
        : LL.groups.removeTitle({ count: members.length, group: group.name })
    },
    body: (LL) => LL.groups.removeBody(),
    confirm: (LL, { members }) => LL.groups.removeConfirm({ count: members.length }),
  },
  succeeded: (LL, { group, members }) =>
    LL.groups.removed_notice({ group: group.name, count: members.length }),
  run: async (_, { group, members, done }, { queryClient }) => {
    await removeMembers(
      group.group_id,
      members.map((member) => member.user_id),
    )
    done?.()
    await refetchAfterWrite(queryClient, groupKeys, { kind: 'saved' })
  },
}

/** One member of one group. */
export interface MemberOfGroup {
  readonly group: Group
  readonly member: Member
}

function ChangeWindow({ entity, onClose }: ActionDialogProps<MemberOfGroup>) {
  return <MemberWindowDialog group={entity.group} member={entity.member} onClose={onClose} />
}

/** "Change dates" of a membership: its own dialog, which saves. */
export const changeWindowAction: Action<MemberOfGroup> = {
  id: 'group.member-window',
  label: (LL) => LL.groups.changeWindow(),
  needs: { anyOf: updaters },
  tone: 'secondary',
  dialog: (props) => <ChangeWindow {...props} />,
  run: () => undefined,
}
