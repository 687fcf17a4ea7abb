import { useEffect, useMemo, useRef } from 'react'
import type { Command, Message } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import { useScreenCommands } from '../../commands/screen-commands'
import { bulkActions, type BulkKind } from './bulk-user-actions'

const labels: Record<BulkKind, Message> = {
  invite: (LL) => LL.users.bulk.inviteSelected(),
  disable: (LL) => LL.users.bulk.disableSelected(),
  enable: (LL) => LL.users.bulk.enableSelected(),
  delete: (LL) => LL.users.bulk.deleteSelected(),
}

interface BulkUserCommandsProps {
  /** The bar's actions, those the caller may take. */
  kinds: readonly BulkKind[]
  /** Opens the same confirmation as the bar's button. */
  onRun: (kind: BulkKind) => void
}

/**
 * The selection bar's actions in the palette: mounted with the bar, so they exist exactly while
 * rows are selected, and they run what the bar's buttons run.
 */
export function BulkUserCommands({ kinds, onRun }: BulkUserCommandsProps) {
  // The selection changes with every x; the commands stay put and run on the latest one.
  const latest = useRef(onRun)
  useEffect(() => {
    latest.current = onRun
  }, [onRun])
  const commands = useMemo(
    () =>
      kinds.map((kind): Command<PaletteContext> => ({
        id: `users.bulk.${kind}`,
        label: labels[kind],
        group: 'actions',
        keywords: ['selected', 'selection', 'bulk', 'users', 'ausgewählt'],
        needs: { anyOf: bulkActions[kind].anyOf },
        run: () => latest.current(kind),
      })),
    [kinds],
  )
  useScreenCommands(commands)
  return null
}
