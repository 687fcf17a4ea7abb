/**
 * Requests being answered now, read synchronously (the gauge's value is not): a streamed answer
 * counts until its handler returns the Response, not while its body streams, so a CSV export
 * yields to the others (server/http/csv-export.ts) without counting itself or another export.
 */
export class RequestsInFlight {
  private last = 0
  private readonly open = new Set<number>()
  begin(): number {
    this.last += 1
    this.open.add(this.last)
    return this.last
  }
  end(id: number) {
    this.open.delete(id)
  }
  /** The newest request's number: what `anyUpTo` is asked about later. */
  get newest(): number {
    return this.last
  }
  /** Whether a request that began up to number `id` is still being answered. */
  anyUpTo(id: number): boolean {
    for (const open of this.open) if (open <= id) return true
    return false
  }
}
