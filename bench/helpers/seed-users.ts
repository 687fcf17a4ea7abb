import type { Queryable } from '../../server/db/database'

/** Runs one statement: a server's db.query, or a pg client's query mapped to its rows. */
export type RunSql = <T>(sql: string, params?: unknown[]) => Promise<T[]>

/**
 * Runs `insert` (an INSERT … SELECT into users) with the users' search indexes and sign-in names
 * trigger off, then writes the sign-in names and builds the trigram indexes once, not row by row
 * (fastupdate = off makes each insert pay for four of them: 10,000 users took 21 s, not 2).
 */
export async function insertUsersInBulk(run: RunSql, insert: string, params: unknown[]) {
  const searchIndexes = ['username', 'email', 'first_name', 'last_name']
  for (const column of searchIndexes) await run(`drop index users_search_${column}`)
  // The sign-in names trigger runs a delete and an insert per row; one statement does them all.
  await run('alter table users disable trigger users_sign_in_names')
  await run(insert, params)
  await run('alter table users enable trigger users_sign_in_names')
  await run(
    `insert into sign_in_names (name, user_id)
     select distinct name, user_id
     from users, unnest(array[lower(btrim(username)), lower(btrim(email))]) as name
     on conflict do nothing`,
  )
  for (const column of searchIndexes)
    await run(
      `create index users_search_${column} on users using gin (lower(${column}) gin_trgm_ops) with (fastupdate = off)`,
    )
}

/**
 * Adds `count` generated users in SQL (100,000 inserts over HTTP would measure the seeding, not
 * the list), names repeating as in a real directory. Returns the number of users now in the table.
 */
export async function seedUsers(db: Queryable, count: number): Promise<number> {
  await insertUsersInBulk(
    <T>(sql: string, params?: unknown[]) => db.query<T & object>(sql, params),
    `insert into users (organization_id, username, email, first_name, last_name, roles,
       permissions, client_ids)
     select 1 + n % 2, 'user' || n, 'user' || n || '@bench.example',
            (array['Mia','Noah','Emma','Ben','Lea','Paul','Hanna','Finn'])[1 + n % 8],
            (array['Schmidt','Meyer','Weber','Wagner','Becker','Hoffmann','Koch','Richter'])[1 + (n / 8) % 8],
            array['staff'], array['users:read:org'], array[]::text[]
     from generate_series(1, $1::int) as n`,
    [count],
  )
  // PGlite collects no statistics by itself: without them the planner takes 100,000 users for 17.
  await db.query('analyze users')
  const [row] = await db.query<{ total: number }>('select count(*)::int as total from users')
  return row?.total ?? 0
}
