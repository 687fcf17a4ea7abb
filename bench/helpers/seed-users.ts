import type { Queryable } from '../../server/db/database'

/**
 * Adds `count` generated users in SQL (100,000 inserts over HTTP would measure the seeding, not
 * the list), names repeating as in a real directory. The trigram indexes are built once after the
 * insert, not row by row (fastupdate = off makes each insert pay for four of them); the list is
 * the same either way. Returns the number of users now in the table.
 */
export async function seedUsers(db: Queryable, count: number): Promise<number> {
  const searchIndexes = ['username', 'email', 'first_name', 'last_name']
  for (const column of searchIndexes) await db.query(`drop index users_search_${column}`)
  // The sign-in names trigger runs a delete and an insert per row; one statement does them all.
  await db.query('alter table users disable trigger users_sign_in_names')
  await db.query(
    `insert into users (organization_id, username, email, first_name, last_name, roles,
       permissions, client_ids)
     select 1 + n % 2, 'user' || n, 'user' || n || '@bench.example',
            (array['Mia','Noah','Emma','Ben','Lea','Paul','Hanna','Finn'])[1 + n % 8],
            (array['Schmidt','Meyer','Weber','Wagner','Becker','Hoffmann','Koch','Richter'])[1 + (n / 8) % 8],
            array['staff'], array['users:read:org'], array[]::text[]
     from generate_series(1, $1::int) as n`,
    [count],
  )
  await db.query('alter table users enable trigger users_sign_in_names')
  await db.query(
    `insert into sign_in_names (name, user_id)
     select distinct name, user_id
     from users, unnest(array[lower(btrim(username)), lower(btrim(email))]) as name
     on conflict do nothing`,
  )
  for (const column of searchIndexes)
    await db.query(
      `create index users_search_${column} on users using gin (lower(${column}) gin_trgm_ops) with (fastupdate = off)`,
    )
  // PGlite collects no statistics by itself: without them the planner takes 100,000 users for 17.
  await db.query('analyze users')
  const [row] = await db.query<{ total: number }>('select count(*)::int as total from users')
  return row?.total ?? 0
}
