import { useQuery, type QueryKey } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { auditKeys, fetchAuditPage } from '../../api/audits'
import { fetchOrganizationPage, organizationKeys } from '../../api/organizations'
import { fetchUserPage, userKeys } from '../../api/users'
import { needs, type Can, type Permission } from '../../contract/permissions'
import { pathTo } from '../../lib/paths'
import { Skeleton } from '../../ui/skeleton'
import * as styles from './dashboard-screen.css'

type Tile = {
  id: 'organizations' | 'users' | 'audits'
  /** The list the count links to, where that screen exists. */
  list?: 'organizations' | 'audits'
  anyOf: readonly Permission[]
  key: QueryKey
  /** A page of length 1 is enough: its recordsTotal is the count. */
  fetch: (signal: AbortSignal) => Promise<{ recordsTotal: number }>
}

const first = { start: 0, length: 1, order_direction: 'desc', search: '' } as const

// Each tile is its own query, so they load (and after a token expiry, retry) in parallel. The keys
// are the list screens' keys for the same page, so the cache never holds two shapes under one key.
const tiles: readonly Tile[] = [
  {
    id: 'organizations',
    list: 'organizations',
    anyOf: needs('organizations', 'read'),
    key: organizationKeys.list({ ...first, order_by: 'organization_id' }),
    fetch: (signal) => fetchOrganizationPage({ ...first, order_by: 'organization_id' }, signal),
  },
  {
    id: 'users',
    anyOf: needs('users', 'read'),
    key: userKeys.list({ ...first, order_by: 'user_id' }),
    fetch: (signal) => fetchUserPage({ ...first, order_by: 'user_id' }, signal),
  },
  {
    id: 'audits',
    list: 'audits',
    anyOf: needs('devices:audits', 'read'),
    key: auditKeys.list({ ...first, order_by: 'audit_id' }),
    fetch: (signal) => fetchAuditPage({ ...first, order_by: 'audit_id' }, signal),
  },
]

function CountTile({ tile }: { tile: Tile }) {
  const { LL, locale } = useI18nContext()
  const { data, isError } = useQuery({
    queryKey: tile.key,
    queryFn: ({ signal }) => tile.fetch(signal),
  })
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
