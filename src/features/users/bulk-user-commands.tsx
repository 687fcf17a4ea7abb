import { useEffect, useMemo, useRef } from 'react'
import type { Command, Message } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import { useScreenCommands } from '../../commands/screen-commands'
import { needs } from '../../contract/permissions'
import { bulkActions, type BulkKind } from './bulk-user-actions'

const keywords = ['selected', 'selection', 'bulk', 'users', 'ausgewählt']

const labels: Record<BulkKind, Message> = {
  invite: (LL) => LL.users.bulk.inviteSelected(),
  disable: (LL) => LL.users.bulk.disableSelected(),
  enable: (LL) => LL.users.bulk.enableSelected(),
  offboard: (LL) => LL.users.bulk.offboardSelected(),
  delete: (LL) => LL.users.bulk.deleteSelected(),
}

interface BulkUserCommandsProps {
  /** The bar's actions, those the caller may take. */
  kinds: readonly BulkKind[]
  /** Opens the same confirmation as the bar's button. */
  onRun: (kind: BulkKind) => void
  /** Opens the bar's "Add to group…" dialog, where the caller may change groups. */
  onAddToGroup?: () => void
}

/**
 * The selection bar's actions in the palette: mounted with the bar, so they exist exactly while
 * rows are selected, and they run what the bar's buttons run.
 */
export function BulkUserCommands({ kinds, onRun, onAddToGroup }: BulkUserCommandsProps) {
  // The selection changes with every x; the commands stay put and run on the latest one.
  const latest = useRef({ onRun, onAddToGroup })
  useEffect(() => {
    latest.current = { onRun, onAddToGroup }
  }, [onRun, onAddToGroup])
  const grouping = onAddToGroup !== undefined
  const commands = useMemo(
    () => [
      ...kinds.map((kind): Command<PaletteContext> => ({
        id: `users.bulk.${kind}`,
        label: labels[kind],
        group: 'actions',
        keywords,
        needs: { anyOf: bulkActions[kind].anyOf },
        run: () => latest.current.onRun(kind),
      })),
      ...(grouping
        ? [
            {
              id: 'users.bulk.add-to-group',
              label: (LL) => LL.groups.addSelected(),
              group: 'actions',
              keywords: [...keywords, 'group', 'Gruppe'],
              needs: { anyOf: needs('groups', 'update') },
              run: () => latest.current.onAddToGroup?.(),
            } satisfies Command<PaletteContext>,
          ]
        : []),
    ],
    [kinds, grouping],
  )
  useScreenCommands(commands)
  return null
}
