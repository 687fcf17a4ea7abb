// npm run seed:site — adds the site of real size (bench/helpers/seed-site.ts: 10,000 users, 1,000
// doors, 1,000 devices, 200 groups, 500 rules, 50 schedules, 5 calendars) to the database the
// server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the server first, PGlite has
// one process), migrated and demo-seeded first if new.
import { optionsFromEnv } from '../server/config'
import { openDatabase } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { seedIfEmpty } from '../server/db/seed'
import { seedSite } from '../bench/helpers/seed-site'

const options = optionsFromEnv(process.env)
const db = await openDatabase(options)
try {
  await migrate(db)
  await seedIfEmpty(db, { auditRows: options.seedAuditRows, scryptLogN: options.scryptLogN })
  const site = await seedSite(<T>(sql: string, params?: unknown[]) =>
    db.query<T & object>(sql, params),
  )
  process.stdout.write(
    `site seeded in ${(site.ms / 1000).toFixed(1)} s: ${site.users} users, ${site.doors} doors, ${site.devices} devices, ${site.groups} groups with ${site.members} memberships, ${site.rules} rules\n`,
  )
} finally {
  await db.close()
}
