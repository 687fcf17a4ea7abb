import { useMemo } from 'react'
import { usePerform } from '../../actions/action-host'
import type { Command } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import { useScreenCommands } from '../../commands/screen-commands'
import type { Incident } from '../../contract/alerts'
import { incidentVerbs } from './incident-actions'

/** The single keys on incidents: the action each runs, and the key. */
const KEYS = [
  [incidentVerbs.acknowledge, 'a'],
  [incidentVerbs.resolve, 'r'],
] as const

/**
 * `a` acknowledges and `r` resolves the incident in front of the person: the list's active row or
 * the incident's page. The commands exist only while there is one, so the `?` sheet lists them
 * there and nowhere else; they run the same action objects as the palette and the buttons.
 */
export function useIncidentKeys(incident: Incident | null): void {
  const perform = usePerform()
  const commands = useMemo(
    (): Command<PaletteContext>[] =>
      incident === null
        ? []
        : KEYS.map(([action, shortcut]) => ({
            id: `${action.id}.key`,
            label: action.label,
            group: 'actions',
            shortcut,
            hidden: true,
            needs: action.needs,
            run: () => perform(action, incident),
          })),
    [incident, perform],
  )
  useScreenCommands(commands)
}
