// npm run journal:verify — checks the journal's hash chain in the database the server uses
// (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the server first, PGlite has one
// process). Prints "intact" and exits 0, or names the first broken row and exits 1.
import { optionsFromEnv } from '../server/config'
import { openDatabase } from '../server/db/database'
import { verifyJournal } from '../server/db/journal-verify'

const options = optionsFromEnv(process.env)
const db = await openDatabase(options)
try {
  const verdict = await verifyJournal(db)
  if (verdict.intact) {
    const span =
      verdict.firstId === null ? 'no rows' : `rows ${verdict.firstId} to ${verdict.lastId}`
    process.stdout.write(`intact: ${verdict.rows} rows (${span})\n`)
  } else {
    process.stdout.write(
      `broken at row ${verdict.journalId} (${verdict.problem}): ${verdict.detail}\n`,
    )
    process.exitCode = 1
  }
} finally {
  await db.close()
}
