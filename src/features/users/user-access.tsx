import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userAccess } from '../../api/access'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import type { PlaceGrant, UserPlace } from '../../contract/pin-entry'
import type { User } from '../../contract/users'
import { MomentPicker } from '../../journal/moment-picker'
import { RuleChain } from '../../journal/rule-chain'
import { validText, whenText } from '../../lib/access-text'
import { scheduleText, validityText, windowOf, type TextPlace } from '../../lib/credential-text'
import { instantOf } from '../../lib/local-date-time'
import { useSession } from '../../session/session-context'
import { useAskedSection } from '../../ui/asked-section'
import { LoadFailed } from '../../ui/load-failed'
import { Notice } from '../../ui/notice'
import * as styles from './users.css'

/** The `?command=` word that asks a user's page for "Where … can go" (the palette's verb). */
export const USER_ACCESS_COMMAND = 'access'

const readers = needs('credentials', 'read')
const journalReaders = needs('journal', 'read')

/**
 * "Where Pia can go": every place a rule through one of the person's groups, or a direct
 * credential, lets them open, by building, each with its reasons and whether it opens at the
 * moment; another moment for those who may read the journal (the server rebuilds it from there).
 * Nothing for a user who may not read credentials.
 */
export function UserAccess({ user }: { user: User }) {
  const { can } = useSession()
  return can(readers) ? <UserAccessSection user={user} past={can(journalReaders)} /> : null
}

interface Building {
  key: string
  name: string
  places: UserPlace[]
}

/** The places in the order answered, under their buildings in the order first met. */
function byBuilding(places: readonly UserPlace[], other: string): Building[] {
  const buildings = new Map<string, Building>()
  for (const place of places) {
    const key = place.location_id === null ? 'other' : String(place.location_id)
    const found = buildings.get(key)
    if (found) found.places.push(place)
    else buildings.set(key, { key, name: place.location_name || other, places: [place] })
  }
  return [...buildings.values()]
}

function UserAccessSection({ user, past }: { user: User; past: boolean }) {
  const { LL, locale } = useI18nContext()
  const headingId = useId()
  const name = user.first_name || user.email
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  // What is typed into the moment field; empty means now.
  const [typed, setTyped] = useState('')
  const at = instantOf(typed) ?? undefined
  const query = useQuery({ ...userAccess(user.user_id, at), placeholderData: keepPreviousData })
  const answer = query.data
  const heading = useAskedSection(USER_ACCESS_COMMAND, answer !== undefined)
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="user-access">
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {LL.access.whereCanGo({ name })}
      </h2>
      <p className={styles.reason}>{LL.access.whereIntro({ name })}</p>
      {past ? <MomentPicker value={typed} onChange={setTyped} /> : null}
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <p className={styles.reason}>{LL.common.loading()}</p>
      ) : (
        <>
          <p className={styles.reason} aria-live="polite">
            {at === undefined
              ? LL.access.asOfNow({ count: answer.places.length })
              : LL.access.asOf({
                  moment: exact.format(Date.parse(answer.at)),
                  count: answer.places.length,
                })}
          </p>
          {answer.disabled ? <Notice tone="warning">{LL.access.disabled({ name })}</Notice> : null}
          {answer.places.length === 0 ? (
            <Notice tone="info">{LL.access.nowhere({ name })}</Notice>
          ) : (
            byBuilding(answer.places, LL.access.noBuilding()).map((building) => (
              <div key={building.key} className={styles.building}>
                <h3 className={styles.buildingTitle}>{building.name}</h3>
                <ul className={styles.accessList}>
                  {building.places.map((place) => (
                    <PlaceItem
                      key={`${place.type}-${place.id}`}
                      place={place}
                      now={at === undefined}
                    />
                  ))}
                </ul>
              </div>
            ))
          )}
        </>
      )}
    </section>
  )
}

function PlaceItem({ place, now }: { place: UserPlace; now: boolean }) {
  const { LL, locale } = useI18nContext()
  // Dates are read on the place's calendar, as its schedules are.
  const where: TextPlace = useMemo(
    () => ({ locale, timeZone: place.time_zone }),
    [locale, place.time_zone],
  )
  return (
    <li className={styles.accessPlace}>
      <span>
        <span className={styles.placeName}>
          {LL.access.place[place.type]({ name: place.name })}
        </span>{' '}
        <span className={styles.reason}>{LL.access.zone({ zone: place.time_zone })}</span>
      </span>
      <ul className={styles.accessList}>
        {place.grants.map((grant) => (
          <li
            key={`${grant.kind}-${grant.credential_id ?? grant.rule_id}-${grant.group_id}`}
            className={styles.reason}
          >
            <GrantReason grant={grant} place={where} />
            {' · '}
            <span className={grant.open_now ? styles.open : undefined}>
              {grant.open_now
                ? now
                  ? LL.access.openNow()
                  : LL.access.openThen()
                : now
                  ? LL.access.closedNow()
                  : LL.access.closedThen()}
            </span>
          </li>
        ))}
      </ul>
    </li>
  )
}

/**
 * A rule: "rule Business hours through the group Front desk (member since 3 Jan 2027) · Business
 * hours: Mon–Fri 07:00–19:00", with the calendar exception that decides at the moment and the
 * rule's dates; a credential: "credential #12 · Mon–Fri, 08:00–18:00 · 1 Dec 2026, 08:00 → 31 Dec
 * 2026, 18:00", as the credentials list words it.
 */
function GrantReason({ grant, place }: { grant: PlaceGrant; place: TextPlace }) {
  const { LL } = useI18nContext()
  if (grant.kind === 'rule' || grant.credential_id === undefined) {
    const parts = [
      whenText(LL, { schedule_name: grant.schedule_name, intervals: grant.intervals }),
      grant.exception ? LL.access.exception({ name: grant.exception }) : '',
      validText(LL, grant.valid_from, grant.valid_until, place),
    ]
    return (
      <>
        <RuleChain grant={grant} place={place} />
        {parts.map((part) => (part === '' ? '' : ` · ${part}`)).join('')}
      </>
    )
  }
  const window = windowOf({
    start_datetime: grant.valid_from ?? '',
    end_datetime: grant.valid_until,
    permanent: grant.valid_until === null,
    repetition: grant.repetition ?? null,
  })
  return (
    <>
      <Link href={pathTo('credentials-edit', { id: grant.credential_id })}>
        {LL.access.credential({ id: grant.credential_id })}
      </Link>
      {` · ${scheduleText(LL, window, place)} · ${validityText(LL, window, place)}`}
    </>
  )
}
