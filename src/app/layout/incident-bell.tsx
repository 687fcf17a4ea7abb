import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { incidentCount } from '../../api/incidents'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { numberFormat } from '../../lib/number-format'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import * as styles from './incident-bell.css'

const readers = needs('incidents', 'read')

/**
 * The top bar's bell (decision 082): incidents open or acknowledged, asked every 30 s, on focus and
 * after an acknowledge or resolve (the count lives under the incidents' key); a rise is said once
 * in a polite live region. It links to the open incidents. Nothing for who may not read them.
 */
export function IncidentBell() {
  const { can } = useSession()
  return can(readers) ? <Bell /> : null
}

function Bell() {
  const { LL, locale } = useI18nContext()
  const open = useQuery(incidentCount).data?.open
  const said = useRisen(open)
  const label = open ? LL.incidents.bell.label({ count: open }) : LL.incidents.bell.none()
  return (
    <>
      <Link
        className={`${buttonClass({ tone: 'ghost', size: 'icon' })} ${styles.bell}`}
        href={pathTo('incidents', { state: 'open' })}
        aria-label={label}
        title={label}
        data-testid="incident-bell"
      >
        <Icon name="bell" />
        {open ? (
          <span className={styles.count} aria-hidden="true" data-testid="incident-bell-count">
            {numberFormat(locale).format(open)}
          </span>
        ) : null}
      </Link>
      <span className={visuallyHidden} role="status" aria-live="polite">
        {said === null ? '' : LL.incidents.bell.rose({ count: said })}
      </span>
    </>
  )
}

/**
 * The count to announce once it rose above what was seen before; the first answer only sets what
 * was seen, so a page load says nothing.
 */
function useRisen(count: number | undefined): number | null {
  const seen = useRef<number | undefined>(undefined)
  const [said, setSaid] = useState<number | null>(null)
  useEffect(() => {
    if (count === undefined) return
    if (seen.current !== undefined && count > seen.current) setSaid(count)
    seen.current = count
  }, [count])
  return said
}
