import { useSyncExternalStore } from 'react'

// The message of the newest "Send test" per endpoint in this tab: the action (from the palette,
// the list or the page) writes it, the endpoint's page follows that message until its first
// attempt and says the outcome in a polite live region. Only ids, nothing secret.

const sent = new Map<number, string>()
const listeners = new Set<() => void>()

export function rememberTest(webhookId: number, messageId: string): void {
  sent.set(webhookId, messageId)
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The newest test message sent to this endpoint from this tab, or null. */
export function useLastTest(webhookId: number): string | null {
  return useSyncExternalStore(subscribe, () => sent.get(webhookId) ?? null)
}
