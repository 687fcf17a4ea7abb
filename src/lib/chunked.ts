/** Splits `items` into runs of at most `size`, in order: a bulk request's batches. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = []
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size))
  return runs
}
