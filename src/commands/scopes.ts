/**
 * Prefixes that narrow what the palette searches. One character each, chosen to be typeable
 * without dead keys on German and US layouts (`^` and `` ` `` are dead keys on QWERTZ) and to echo
 * conventions users know from GitHub and Slack (`>` commands, `@` people, `#` things).
 * A prefix is live only when its entity source is registered; otherwise it is an ordinary character.
 */
export const SCOPE_PREFIXES = {
  commands: '>',
  organizations: '!',
  users: '@',
  devices: '#',
  locations: '~',
  credentials: '$',
  lockdowns: '%',
  // Access groups (decision 065): people together, "this & that".
  groups: '&',
  // Schedules (a star for the hours), calendars (a colon, as in a date's day) and access rules.
  schedules: '*',
  calendars: ':',
  rules: '=',
  // Doors: a bar, a door in a wall.
  doors: '|',
  // Incidents (decision 082): a plus, one more thing to handle.
  incidents: '+',
  // Webhooks (decision 083): an arrow's head, sent out to another system.
  webhooks: '<',
  // Alert rules (decision 082): a line drawn, the threshold a rule sets.
  'alert-rules': '_',
} as const

export type EntityKind = Exclude<keyof typeof SCOPE_PREFIXES, 'commands'>

export type SearchScope =
  { readonly kind: 'all' } | { readonly kind: 'commands' } | { readonly kind: EntityKind }

export interface ParsedQuery {
  readonly scope: SearchScope
  /** The query without its prefix, trimmed. */
  readonly text: string
}

export function parseQuery(raw: string, liveKinds: readonly EntityKind[]): ParsedQuery {
  const trimmed = raw.trimStart()
  const first = trimmed.charAt(0)
  if (first === SCOPE_PREFIXES.commands) {
    return { scope: { kind: 'commands' }, text: trimmed.slice(1).trim() }
  }
  for (const kind of liveKinds) {
    if (first === SCOPE_PREFIXES[kind]) return { scope: { kind }, text: trimmed.slice(1).trim() }
  }
  return { scope: { kind: 'all' }, text: trimmed.trim() }
}

export const searchesCommands = (scope: SearchScope) =>
  scope.kind === 'all' || scope.kind === 'commands'
