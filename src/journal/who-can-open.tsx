import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { whoCanOpen } from '../api/access'
import { ACCESS_PAGE_LENGTH, type AccessGrant, type AccessTargetType } from '../contract/access'
import { pathTo } from '../contract/pages'
import { needs } from '../contract/permissions'
import { whenText } from '../lib/access-text'
import { scheduleText, validityText, windowOf, type TextPlace } from '../lib/credential-text'
import { instantOf, localValue } from '../lib/local-date-time'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { LoadFailed } from '../ui/load-failed'
import { Notice } from '../ui/notice'
import { useAskedSection } from '../ui/asked-section'
import * as styles from './journal-history.css'
import { MomentPicker } from './moment-picker'
import { RuleChain } from './rule-chain'

interface WhoCanOpenProps {
  type: AccessTargetType
  id: number
  /** For a part of the page's entity (a door in a location's tree): its name in the heading. */
  name?: string
}

const readers = needs('credentials', 'read')

/** The `?command=` word that asks a page for its "Who can open this?" section (a palette verb). */
export const WHO_CAN_OPEN_COMMAND = 'who-can-open'
const journalReaders = needs('journal', 'read')

/**
 * "Who can open this?": the people whose credentials open the place now, and — for those who may
 * read the journal — at a moment they pick, as things were then (docs/journal.md). Nothing at all
 * for a user who may not read credentials.
 */
export function WhoCanOpen(props: WhoCanOpenProps) {
  const { can } = useSession()
  return can(readers) ? <WhoCanOpenSection {...props} past={can(journalReaders)} /> : null
}

function WhoCanOpenSection({ type, id, name, past }: WhoCanOpenProps & { past: boolean }) {
  const { LL, locale } = useI18nContext()
  const headingId = useId()
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  // What is typed into the moment field; empty means now.
  const [typed, setTyped] = useState('')
  // The first person of the page shown (a door may open for thousands); a new moment starts over.
  const [start, setStart] = useState(0)
  const moveTo = (value: string) => {
    setTyped(value)
    setStart(0)
  }
  const at = instantOf(typed) ?? undefined
  const now = useQuery({
    ...whoCanOpen(type, id, undefined, at === undefined ? start : 0),
    placeholderData: keepPreviousData,
  })
  const since = now.data?.journal_since ?? null
  const tooEarly = at !== undefined && since !== null && Date.parse(at) < Date.parse(since)
  const moment = useQuery({
    ...whoCanOpen(type, id, at, start),
    enabled: at !== undefined && !tooEarly,
    placeholderData: keepPreviousData,
  })
  const query = at === undefined ? now : moment
  const answer = tooEarly ? undefined : query.data
  // The place's clock, which its schedules are read on (decision 067): hours and moments in it.
  const zone = answer?.place_time_zone
  const textPlace: TextPlace = useMemo(() => ({ locale, timeZone: zone }), [locale, zone])
  const onPlaceClock = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
    [locale, zone],
  )
  // The palette's "Who can open …" lands here: on the section, once its answer is on screen.
  const heading = useAskedSection(WHO_CAN_OPEN_COMMAND, answer !== undefined && name === undefined)
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="who-can-open">
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        {name === undefined ? LL.journal.whoCanOpen() : LL.journal.whoCanOpenOf({ name })}
      </h2>
      {past ? (
        <MomentPicker
          value={typed}
          onChange={moveTo}
          min={since === null ? undefined : localValue(since)}
          hint={
            since === null
              ? undefined
              : LL.journal.journalSince({ moment: exact.format(Date.parse(since)) })
          }
          error={tooEarly ? LL.form.beforeJournal() : undefined}
        />
      ) : null}
      {tooEarly ? null : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <p className={styles.muted}>{LL.common.loading()}</p>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {at === undefined
              ? LL.journal.asOfNow({ zone: answer.place_time_zone })
              : LL.journal.asOf({
                  moment: onPlaceClock.format(Date.parse(answer.at)),
                  zone: answer.place_time_zone,
                })}
            {' · '}
            {LL.journal.peopleCount({ count: answer.people_count })}
            {answer.people.length < answer.people_count
              ? ` · ${LL.journal.peopleShown({
                  first: answer.start + 1,
                  last: answer.start + answer.people.length,
                })}`
              : null}
          </p>
          {answer.people.length === 0 ? (
            <Notice tone="info">{LL.journal.nobodyCanOpen()}</Notice>
          ) : (
            <ul className={styles.list}>
              {answer.people.map((person) => (
                <li key={person.user_id} className={styles.line}>
                  <span>
                    <Link href={pathTo('users-view', { id: person.user_id })}>
                      {[person.first_name, person.last_name].join(' ').trim() || person.email}
                    </Link>{' '}
                    <span className={styles.muted}>{person.email}</span>
                  </span>
                  {person.grants.map((grant) => (
                    <span
                      key={`${grant.kind}-${grant.credential_id ?? grant.rule_id}-${grant.group_id}-${grant.via_type}-${grant.via_id}`}
                      className={styles.muted}
                    >
                      <GrantLine grant={grant} place={textPlace} />
                    </span>
                  ))}
                  {person.grant_count > person.grants.length ? (
                    <span className={styles.muted}>
                      {LL.journal.moreGrants({
                        count: person.grant_count - person.grants.length,
                      })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {answer.people_count > answer.people.length ? (
            <div className={styles.moment}>
              <Button
                tone="secondary"
                disabled={answer.start === 0}
                onClick={() => setStart(Math.max(0, answer.start - ACCESS_PAGE_LENGTH))}
              >
                {LL.journal.earlierPeople({ count: ACCESS_PAGE_LENGTH })}
              </Button>
              <Button
                tone="secondary"
                disabled={answer.start + answer.people.length >= answer.people_count}
                onClick={() => setStart(answer.start + ACCESS_PAGE_LENGTH)}
              >
                {LL.journal.laterPeople({ count: ACCESS_PAGE_LENGTH })}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

/**
 * A credential: "via the door Reception · Daily, 08:00–18:00 · 1 Dec 2026, 08:00 → 31 Dec 2026,
 * 18:00", linked to the credential. A rule: "via the floor Ground floor · rule Business hours
 * through the group Front desk (member since 3 Jan 2027) · Office hours: Mon–Fri 07:00–19:00",
 * the rule and the group linked, with the interval or exception that opens it then.
 */
function GrantLine({ grant, place }: { grant: AccessGrant; place: TextPlace }) {
  const { LL } = useI18nContext()
  const via = LL.journal.via[grant.via_type]({ name: grant.via_name || `#${grant.via_id}` })
  if (grant.kind === 'rule' || grant.credential_id === undefined) {
    const when = whenText(LL, {
      schedule_name: grant.schedule_name,
      intervals: grant.interval ? [grant.interval] : null,
      exception: grant.exception,
    })
    return (
      <span>
        {via} · <RuleChain grant={grant} place={place} /> · {when}
      </span>
    )
  }
  const window = windowOf({
    start_datetime: grant.start_datetime ?? '',
    end_datetime: grant.end_datetime ?? null,
    permanent: grant.permanent ?? false,
    repetition: grant.repetition ?? null,
  })
  const text = LL.journal.grantLine({
    via,
    schedule: scheduleText(LL, window, place),
    validity: validityText(LL, window, place),
  })
  return <Link href={pathTo('credentials-edit', { id: grant.credential_id })}>{text}</Link>
}
