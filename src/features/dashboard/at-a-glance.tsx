import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { auditList } from '../../api/audits'
import { organizationList } from '../../api/organizations'
import { userList } from '../../api/users'
import type { ListQuery, ListSource } from '../../contract/list'
import { needs, type Can, type Permission } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { Skeleton } from '../../ui/skeleton'
import * as styles from './dashboard-screen.css'

type Tile = {
  id: 'organizations' | 'users' | 'audits'
  /** The list the count links to, where that screen exists. */
  list?: 'organizations' | 'audits'
  anyOf: readonly Permission[]
  count: CountQuery
}

type CountQuery = {
  queryKey: readonly unknown[]
  queryFn: (context: { signal: AbortSignal }) => Promise<{ recordsTotal: number }>
}

/** A page of length 1 is enough: its recordsTotal is the count. */
function countOf<T, S extends string>(source: ListSource<T, S>, order_by: S): CountQuery {
  const query: ListQuery<S> = { start: 0, length: 1, order_by, order_direction: 'desc', search: '' }
  return {
    queryKey: source.queryKey(query),
    queryFn: ({ signal }) => source.fetch(query, signal),
  }
}

// Each tile is its own query, so they load (and after a token expiry, retry) in parallel. The keys
// are the list screens' keys for the same page, so the cache never holds two shapes under one key.
const tiles: readonly Tile[] = [
  {
    id: 'organizations',
    list: 'organizations',
    anyOf: needs('organizations', 'read'),
    count: countOf(organizationList, 'organization_id'),
  },
  {
    id: 'users',
    anyOf: needs('users', 'read'),
    count: countOf(userList, 'user_id'),
  },
  {
    id: 'audits',
    list: 'audits',
    anyOf: needs('devices:audits', 'read'),
    count: countOf(auditList, 'audit_id'),
  },
]

function CountTile({ tile }: { tile: Tile }) {
  const { LL, locale } = useI18nContext()
  const { data, isError } = useQuery(tile.count)
  const labels: Record<Tile['id'], string> = {
    organizations: LL.dashboard.organizationsCount(),
    users: LL.dashboard.usersCount(),
    audits: LL.dashboard.auditsCount(),
  }
  const value = isError ? (
    <span className={styles.tileError}>{LL.dashboard.countUnavailable()}</span>
  ) : data ? (
    <span className={styles.tileValue}>{data.recordsTotal.toLocaleString(locale)}</span>
  ) : (
    <Skeleton shape="title" />
  )
  const body = (
    <>
      <span className={styles.tileLabel}>{labels[tile.id]}</span>
      {value}
    </>
  )
  return tile.list ? (
    <Link href={pathTo(tile.list)} className={styles.tile} data-testid={`tile-${tile.id}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.tile} data-testid={`tile-${tile.id}`}>
      {body}
    </div>
  )
}

/** Counts of what the user may read, each linking to its list where that screen exists. */
export function AtAGlance({ can }: { can: Can }) {
  const { LL } = useI18nContext()
  const visible = tiles.filter((tile) => can(tile.anyOf))
  if (!visible.length) return null
  return (
    <section aria-labelledby="dashboard-glance">
      <h2 id="dashboard-glance" className={styles.sectionTitle}>
        {LL.dashboard.atAGlance()}
      </h2>
      <ul className={styles.cards}>
        {visible.map((tile) => (
          <li key={tile.id}>
            <CountTile tile={tile} />
          </li>
        ))}
      </ul>
    </section>
  )
}
