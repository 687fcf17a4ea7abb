import { useLayoutEffect, useRef } from 'react'
import type { CommandContext } from './command'
import { createHotkeyEngine, type Binding } from './hotkey-engine'
import { situationOf } from './keyboard-dom'
import type { ListedCommand } from './palette-results'

/**
 * Shortcuts come from the registry, never from a second table: every command this user can run now
 * that has a shortcut is bound. A chord with Ctrl/Cmd types no character, so it works inside
 * fields and over dialogs (the palette's Ctrl/Cmd+K); everything else waits for the page.
 */
export function bindingsOf<Ctx extends CommandContext>(
  listed: readonly ListedCommand<Ctx>[],
): Binding[] {
  return listed.flatMap(({ command, availability }) =>
    command.shortcut === undefined || availability.state !== 'enabled'
      ? []
      : [
          {
            id: command.id,
            shortcut: command.shortcut,
            scope: command.shortcut.includes('mod+') ? 'always' : 'idle',
          },
        ],
  )
}

export function useHotkeys<Ctx extends CommandContext>(
  listed: readonly ListedCommand<Ctx>[],
  onRun: (id: string) => void,
) {
  const run = useRef(onRun)
  // Layout effects: the bindings change in the same commit as the page, so a key pressed as soon as
  // the page shows a change (a command offered or gone) meets the bindings that go with it; a
  // passive effect runs after the paint.
  useLayoutEffect(() => {
    run.current = onRun
  }, [onRun])
  useLayoutEffect(() => {
    const engine = createHotkeyEngine(bindingsOf(listed))
    function onKeyDown(event: KeyboardEvent) {
      // A widget that handled the key itself (a table's j/k, an input method composing) wins.
      if (event.defaultPrevented || event.isComposing) return
      const outcome = engine.handle(event, situationOf(event, document), event.timeStamp)
      if (outcome.kind === 'none') return
      event.preventDefault()
      if (outcome.kind === 'run') run.current(outcome.id)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [listed])
}
