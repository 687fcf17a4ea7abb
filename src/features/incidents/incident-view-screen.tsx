import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { incidentDetail } from '../../api/incidents'
import { usePageSubject } from '../../commands/page-subject'
import { eventWordKey, type Incident } from '../../contract/alerts'
import { JournalHistory } from '../../journal/journal-history'
import { numberFormat } from '../../lib/number-format'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { SeverityBadge } from '../../ui/severity-badge'
import { incidentVerbs } from './incident-actions'
import { handledText, incidentZone, placeTime, subjectText } from './incident-words'
import * as styles from './incidents.css'
import { useIncidentKeys } from './use-incident-keys'
import { usePlaceZones } from './use-place-zones'

/** /incidents/view/:id — one incident: what, where, how often, the rule's instructions, history. */
export function IncidentViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(incidentDetail, (incident) => incident.rule_name)
  usePageSubject('incidents', detail.item)
  useIncidentKeys(detail.item ?? null)
  if (!detail.item)
    return (
      <DetailState
        title={LL.incidents.viewTitle()}
        notFound={LL.incidents.notFound()}
        detail={detail}
      />
    )
  return <IncidentView incident={detail.item} />
}

function IncidentView({ incident }: { incident: Incident }) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const { zones } = usePlaceZones()
  const fallback = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const at = (iso: string) => placeTime(LL, iso, incidentZone(incident, zones), fallback)
  const handled = handledText(LL, incident, at)
  const verbs = [incidentVerbs.acknowledge, incidentVerbs.resolve].filter(
    (verb) => can(verb.needs.anyOf) && verb.blocked(incident) === null,
  )
  return (
    <Page
      title={incident.rule_name}
      intro={subjectText(LL, incident, zones)}
      actions={
        verbs.length === 0 ? null : (
          <div className={styles.actions}>
            {verbs.map((verb) => (
              <Button key={verb.id} tone={verb.tone} onClick={() => perform(verb, incident)}>
                {verb === incidentVerbs.resolve ? LL.incidents.resolve() : verb.label(LL)}
              </Button>
            ))}
          </div>
        )
      }
    >
      <dl className={styles.details} data-testid="incident-details">
        <dt className={styles.term}>{LL.incidents.severity()}</dt>
        <dd className={styles.definition}>
          <SeverityBadge severity={incident.severity} />
        </dd>
        <dt className={styles.term}>{LL.incidents.state()}</dt>
        <dd className={styles.definition}>
          {LL.answers.incidentState[incident.state]()}
          {handled === null ? null : ` · ${handled}`}
        </dd>
        <dt className={styles.term}>{LL.incidents.event()}</dt>
        <dd className={styles.definition}>
          {LL.answers.alertEvent[eventWordKey(incident.last_event_type)]()}
        </dd>
        <dt className={styles.term}>{LL.incidents.count()}</dt>
        <dd className={styles.definition}>{numberFormat(locale).format(incident.count)}</dd>
        <dt className={styles.term}>{LL.incidents.firstSeen()}</dt>
        <dd className={styles.definition}>
          <time dateTime={incident.first_seen}>{at(incident.first_seen)}</time>
        </dd>
        <dt className={styles.term}>{LL.incidents.lastSeen()}</dt>
        <dd className={styles.definition}>
          <time dateTime={incident.last_seen}>{at(incident.last_seen)}</time>
        </dd>
        <dt className={styles.term}>{LL.incidents.instructions()}</dt>
        <dd className={styles.definition}>
          <p className={styles.instructions}>
            {incident.instructions === '' ? LL.incidents.noInstructions() : incident.instructions}
          </p>
        </dd>
        {incident.state === 'resolved' ? (
          <>
            <dt className={styles.term}>{LL.incidents.note()}</dt>
            <dd className={styles.definition}>
              <p className={styles.instructions}>
                {incident.note === '' ? LL.incidents.noNote() : incident.note}
              </p>
            </dd>
          </>
        ) : null}
      </dl>
      <JournalHistory type="incident" id={incident.incident_id} />
    </Page>
  )
}
