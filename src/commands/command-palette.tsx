import * as RadixDialog from '@radix-ui/react-dialog'
import { useCallback, useRef, useState } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { Can } from '../contract/permissions'
import { useOpenedOnce } from '../ui/use-opened-once'
import { visuallyHidden } from '../ui/visually-hidden.css'
import type { Command } from './command'
import * as styles from './command-palette.css'
import { hitOf, hitValue, type EntityHit, type EntitySource } from './entity-source'
import { PaletteBody } from './palette-body'
import type { ListedCommand } from './palette-results'
import { emptyStack, popPage, type PaletteStack } from './palette-stack'
import { browserStore, pushRecent, readRecentEntities, readRecents } from './recents'
import type { PaletteContext } from './registry'
import { useReturnFocus } from './use-return-focus'

export interface CommandPaletteProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly listed: readonly ListedCommand<PaletteContext>[]
  readonly sources: readonly EntitySource<unknown, PaletteContext>[]
  readonly userId: number
  readonly can: Can
  /** The entity the page shows: its actions come first in the empty palette. */
  readonly subject: EntityHit<PaletteContext> | null
  /** Runs the chosen command once the palette has closed and focus is back where it was. */
  readonly onChosen: (command: Command<PaletteContext>) => void
  /** The search it opens with: what was typed after Ctrl/Cmd+K while the console booted. */
  readonly seed?: () => string
  /** As it takes focus: the search with any keys typed while it was opening. */
  readonly catchUp?: (search: string) => string
}

/** The palette's dialog: a fresh query, root page and first row each time it opens. */
export function CommandPalette(props: CommandPaletteProps) {
  const { open, onOpenChange, listed, sources, userId, can, subject, onChosen, seed, catchUp } =
    props
  const { LL } = useI18nContext()
  const [generation, setGeneration] = useState(0)
  const [stack, setStack] = useState<PaletteStack<PaletteContext>>(emptyStack)
  const [recents, setRecents] = useState<readonly string[]>([])
  const [recentEntities, setRecentEntities] = useState<readonly EntityHit<PaletteContext>[]>([])
  const focus = useReturnFocus()
  const contentRef = useRef<HTMLDivElement | null>(null)
  // A command that opens a dialog or moves focus must have the last word, so it runs after the
  // palette has handed focus back.
  const chosen = useRef<Command<PaletteContext> | null>(null)
  const [wasOpen, setWasOpen] = useState(open)

  // Opening (by any path: hotkey, button, command) resets the palette and remembers the focus.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) {
      const store = browserStore()
      setRecents(store === null ? [] : readRecents(store, userId))
      // The page's own entity is offered with its actions, not again as a recent one.
      const shown = subject === null ? null : hitValue(subject)
      setRecentEntities(
        (store === null ? [] : readRecentEntities(store, userId)).flatMap((recent) => {
          const hit = hitOf(sources, recent.kind, recent.entity)
          return hit === null || hitValue(hit) === shown ? [] : [hit]
        }),
      )
      setStack({ ...emptyStack, search: seed?.() ?? '' })
      setGeneration((value) => value + 1)
    }
  }

  const run = useCallback(
    (command: Command<PaletteContext>, remember: boolean) => {
      const store = browserStore()
      if (remember && store !== null) pushRecent(store, userId, command.id)
      chosen.current = command
      onOpenChange(false)
    },
    [userId, onOpenChange],
  )

  if (!useOpenedOnce(open)) return null
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          aria-describedby={undefined}
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            focus.remember()
            const search = catchUp ? catchUp(stack.search) : stack.search
            if (search === '') return
            // Radix would select the text typed during boot and the next key would replace it:
            // the caret goes after it instead.
            event.preventDefault()
            if (search !== stack.search) setStack({ ...stack, search })
            const input = contentRef.current?.querySelector('input')
            input?.focus()
            input?.setSelectionRange(search.length, search.length)
          }}
          onCloseAutoFocus={(event) => {
            focus.restore(event)
            const command = chosen.current
            chosen.current = null
            if (command !== null) onChosen(command)
          }}
          onEscapeKeyDown={(event) => {
            // Escape steps back out of an entity's actions before it closes the palette.
            if (stack.pages.length === 0) return
            event.preventDefault()
            setStack(popPage(stack))
          }}
        >
          <RadixDialog.Title className={visuallyHidden}>{LL.commands.title()}</RadixDialog.Title>
          <PaletteBody
            key={generation}
            listed={listed}
            sources={sources}
            recents={recents}
            subject={subject}
            recentEntities={recentEntities}
            can={can}
            userId={userId}
            stack={stack}
            onStackChange={setStack}
            onRun={run}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
