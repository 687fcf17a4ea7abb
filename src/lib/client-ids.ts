/** An item of a list answer that may carry client ids (users, organizations). */
export interface WithClientIds {
  readonly client_ids?: readonly string[]
}

/**
 * The client ids of a list's items as one list of client identifiers, in the items' order and each
 * once, since two users of an organization often share a client (requirements R3.13).
 */
export function flattenClientIds(items: readonly WithClientIds[]): string[] {
  return [...new Set(items.flatMap((item) => item.client_ids ?? []))]
}
