import { useMemo, useState } from 'react'
import type { Command } from '../../commands/command'
import { CommandButton } from '../../commands/command-button'
import type { PaletteContext } from '../../commands/registry'
import { useScreenCommands } from '../../commands/screen-commands'
import { needs } from '../../contract/permissions'
import { buttonClass } from '../../ui/button'
import { UserImportDialog } from './user-import-dialog'

const IMPORT_COMMAND = 'users.import'

/**
 * "Import users…" beside the users list's export, and the same command in the palette while the
 * list is open; both open the import dialog. Offered to callers who may create users.
 */
export function UserImport() {
  const [open, setOpen] = useState(false)
  const commands = useMemo(
    (): Command<PaletteContext>[] => [
      {
        id: IMPORT_COMMAND,
        label: (LL) => LL.csv.import.command(),
        group: 'actions',
        needs: { anyOf: needs('users', 'create') },
        keywords: ['import', 'csv', 'upload', 'bulk', 'users', 'importieren', 'hochladen'],
        run: () => setOpen(true),
      },
    ],
    [],
  )
  useScreenCommands(commands)
  return (
    <>
      <CommandButton id={IMPORT_COMMAND} className={buttonClass({ tone: 'secondary' })} />
      <UserImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
