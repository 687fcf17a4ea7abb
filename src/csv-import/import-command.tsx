import { useMemo, useState } from 'react'
import type { Command } from '../commands/command'
import { CommandButton } from '../commands/command-button'
import type { PaletteContext } from '../commands/registry'
import { useScreenCommands } from '../commands/screen-commands'
import { buttonClass } from '../ui/button'
import { ImportDialog } from './import-dialog'
import type { ImportKind } from './import-kind'

/**
 * "Import …" beside a list's export, and the same command in the palette while the list is open;
 * both open the import dialog of `kind`. Offered to callers who hold the kind's needs.
 */
export function ImportCommand({ kind }: { kind: ImportKind }) {
  const [open, setOpen] = useState(false)
  const id = `${kind.name}.import`
  const commands = useMemo(
    (): Command<PaletteContext>[] => [
      {
        id,
        label: (LL) => kind.words(LL).command(),
        group: 'actions',
        needs: kind.needs,
        keywords: ['import', 'csv', 'upload', 'bulk', 'importieren', 'hochladen', ...kind.keywords],
        run: () => setOpen(true),
      },
    ],
    [id, kind],
  )
  useScreenCommands(commands)
  return (
    <>
      <CommandButton id={id} className={buttonClass({ tone: 'secondary' })} />
      <ImportDialog kind={kind} open={open} onClose={() => setOpen(false)} />
    </>
  )
}
