import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Incident } from '../../contract/alerts'
import { pathTo } from '../../contract/pages'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { SeverityBadge } from '../../ui/severity-badge'
import {
  handledText,
  incidentZone,
  placeTime,
  subjectText,
  type PlaceZones,
} from './incident-words'
import * as styles from './incidents.css'

const helper = createColumnHelper<DataTableFeatures, Incident>()

interface IncidentColumnContext {
  LL: TranslationFunctions
  zones: PlaceZones
  count: Intl.NumberFormat
  /** The reader's own clock, for a place whose zone the console does not know. */
  fallback: Intl.DateTimeFormat
}

// Column ids are the server's order_by names where the column sorts.
export function incidentColumns({ LL, zones, count, fallback }: IncidentColumnContext) {
  const at = (incident: Incident, iso: string) =>
    placeTime(LL, iso, incidentZone(incident, zones), fallback)
  return helper.columns([
    helper.accessor('severity', {
      id: 'severity',
      header: LL.incidents.severity(),
      size: 100,
      sortDescFirst: true,
      cell: (info) => <SeverityBadge severity={info.getValue()} />,
    }),
    helper.accessor('rule_name', {
      id: 'rule_name',
      header: LL.incidents.rule(),
      size: 200,
      enableSorting: false,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('incidents-view', { id: info.row.original.incident_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.display({
      id: 'subject',
      header: LL.incidents.subject(),
      size: 220,
      enableSorting: false,
      cell: (info) => subjectText(LL, info.row.original, zones),
    }),
    helper.accessor('count', {
      id: 'count',
      header: LL.incidents.count(),
      size: 80,
      enableSorting: false,
      cell: (info) => count.format(info.getValue()),
    }),
    helper.accessor('first_seen', {
      id: 'first_seen',
      header: LL.incidents.firstSeen(),
      size: 170,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{at(info.row.original, info.getValue())}</time>
      ),
    }),
    helper.accessor('last_seen', {
      id: 'last_seen',
      header: LL.incidents.lastSeen(),
      size: 170,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{at(info.row.original, info.getValue())}</time>
      ),
    }),
    helper.accessor('state', {
      id: 'state',
      header: LL.incidents.state(),
      size: 220,
      enableSorting: false,
      cell: (info) => {
        const incident = info.row.original
        const handled = handledText(LL, incident, (iso) => at(incident, iso))
        return (
          <span>
            {LL.answers.incidentState[incident.state]()}
            {handled === null ? null : <span className={tableStyles.muted}> · {handled}</span>}
          </span>
        )
      },
    }),
  ])
}
