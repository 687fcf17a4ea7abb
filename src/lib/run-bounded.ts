export type Outcome<T> = { item: T; ok: true } | { item: T; ok: false; error: unknown }

/**
 * Runs `work` on every item, at most `limit` at a time, and reports each outcome in the items'
 * order. A failure is recorded and the rest carry on: one refused row never stops a bulk action.
 * `onSettled` hears each outcome as it lands (a progress count).
 */
export async function runBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
  onSettled?: (outcome: Outcome<T>) => void,
): Promise<Outcome<T>[]> {
  const outcomes: Outcome<T>[] = new Array<Outcome<T>>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next
      next += 1
      const item = items[at]
      let outcome: Outcome<T>
      try {
        await work(item)
        outcome = { item, ok: true }
      } catch (error) {
        outcome = { item, ok: false, error }
      }
      outcomes[at] = outcome
      onSettled?.(outcome)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return outcomes
}
