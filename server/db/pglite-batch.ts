import type { PGlite } from '@electric-sql/pglite'

// The wire protocol's frontend message types after which the backend answers: Sync and Flush end
// an extended query, Query is a whole simple query. Parse, Bind, Describe, Execute and Close
// only queue work that the next of these runs.
const ANSWERED = new Set(['S', 'H', 'Q'].map((c) => c.charCodeAt(0)))

/**
 * PGlite as node-postgres's adapter sees it, but with an extended query's messages handed over
 * together: the adapter calls `execProtocolStream` once per message (Parse, Bind, Describe,
 * Execute, Sync), and each call is a trip into PGlite's WebAssembly with its result decoded in
 * JavaScript. Held back until the Sync or Flush that makes PostgreSQL answer, the five are one
 * trip, with the same answers in the same order (the adapter sends one call at a time).
 */
export function batchedProtocol(pglite: PGlite): PGlite {
  let held: Uint8Array[] = []
  const protocol: Pick<PGlite, 'waitReady' | 'execProtocolStream'> = {
    get waitReady() {
      return pglite.waitReady
    },
    execProtocolStream: async (message, options) => {
      if (!ANSWERED.has(message[0] ?? 0)) {
        held.push(message)
        return []
      }
      const parts = [...held, message]
      held = []
      const total = parts.reduce((sum, part) => sum + part.length, 0)
      const joined = new Uint8Array(total)
      let offset = 0
      for (const part of parts) {
        joined.set(part, offset)
        offset += part.length
      }
      return pglite.execProtocolStream(joined, options)
    },
  }
  // The adapter (createPgConfig) reads only these two members of the PGlite it is given.
  return protocol as PGlite
}
