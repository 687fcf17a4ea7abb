import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { doorDetail } from '../../api/locations'
import { pathTo } from '../../contract/pages'
import * as styles from './audits.css'

/**
 * What narrows the log when it is one door's (`?door=`, the palette's "Audit log of" a door): the
 * door by name once it is known, and the way back to every entry.
 */
export function DoorFilter({ doorId }: { doorId: number }) {
  const { LL } = useI18nContext()
  const door = useQuery(doorDetail(doorId)).data
  return (
    <span className={styles.doorFilter} data-testid="audit-door-filter">
      {LL.audits.ofDoor({ door: door?.name ?? LL.audits.doorNumber({ id: doorId }) })}{' '}
      <Link href={pathTo('audits')}>{LL.audits.allEntries()}</Link>
    </span>
  )
}
