/**
 * A timestamptz as PostgreSQL writes it, in the API's ISO form (`2026-01-31T08:00:00.123Z`:
 * milliseconds, UTC, later digits dropped). The driver gets `2026-01-31 08:00:00.123456+00` for
 * every timestamptz column (server/db/database.ts). In UTC, which the server's
 * sessions are, the text is rearranged; any other offset or form goes through Date. Each audit page
 * turns dozens of them: through Date it was 5 % of the embedded server's time under load.
 */
export function isoFromPostgres(v: string): string {
  const m = UTC_STAMP.exec(v)
  if (m === null) return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString()
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`
}
const UTC_STAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/
