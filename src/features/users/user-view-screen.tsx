import { useEffect, useEffectEvent, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userDetail } from '../../api/users'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Avatar } from '../../ui/avatar'
import { Button, buttonClass } from '../../ui/button'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Notice } from '../../ui/notice'
import { Page } from '../../ui/page'
import { usePerform } from '../../actions/action-host'
import type { Message } from '../../commands/command'
import {
  deepLinkedUserAction,
  userActionState,
  userVerbs,
  type ActionState,
  type UserActionName,
  type UserVerb,
} from './user-actions'
import { OffboardPanel } from './offboard-dialog'
import { PersonPinPanel } from './person-pin-panel'
import { UserAccess } from './user-access'
import { UserBadges } from './user-columns'
import { UserSessions } from './user-sessions'
import { groupByResource } from './user-form-model'
import { roleName } from '../../lib/role-name'
import { fullName, titledName } from './user-names'
import * as styles from './users.css'
import { JournalHistory } from '../../journal/journal-history'

// The page's buttons, in order, with the page's shorter words (the palette's name the user).
const pageVerbs: readonly UserActionName[] = [
  'invite-email',
  'invite-sms',
  'disable',
  'enable',
  'delete',
  'offboard',
  'factor-reset',
]
const buttonLabel: Record<UserActionName, Message> = {
  edit: (LL) => LL.users.edit(),
  'invite-email': (LL) => LL.users.inviteEmail(),
  'invite-sms': (LL) => LL.users.inviteSms(),
  disable: (LL) => LL.users.disable(),
  enable: (LL) => LL.users.enable(),
  delete: (LL) => LL.users.delete(),
  offboard: (LL) => LL.offboard.action(),
  'factor-reset': (LL) => LL.factorReset.action(),
  pin: (LL) => LL.personPin.make(),
  'pin-remove': (LL) => LL.personPin.remove(),
}

/** /users/view/:id — every field, roles, effective permissions and what may be done with the user. */
export function UserViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(userDetail, fullName)
  usePageSubject('users', detail.item)
  const user = detail.item
  if (!user)
    return (
      <DetailState title={LL.users.viewTitle()} notFound={LL.users.notFound()} detail={detail} />
    )
  return <UserView key={user.user_id} user={user} />
}

function UserView({ user }: { user: User }) {
  const { LL, locale } = useI18nContext()
  const { user: caller } = useSession()
  const perform = usePerform()
  const [, navigate] = useLocation()
  const search = useSearch()
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const state = (action: UserActionName): ActionState =>
    caller ? userActionState(LL, caller, user, action) : { state: 'absent' }

  // A bookmarked `?command=disable` (or delete, enable, an invitation) asks as the button does,
  // an invitation on its Send button; the word is dropped so Back or a reload does not ask again.
  const requested = deepLinkedUserAction(new URLSearchParams(search).get('command'))
  const askDeepLink = useEffectEvent((action: UserVerb) => {
    navigate(pathTo('users-view', { id: user.user_id }), { replace: true })
    perform(action, user, 'link')
  })
  useEffect(() => {
    if (requested !== undefined) askDeepLink(requested)
  }, [requested])

  const actionButton = (action: UserActionName, label = buttonLabel[action](LL)) => {
    const s = state(action)
    if (s.state === 'absent') return null
    const verb = userVerbs[action]
    const reasonId = `user-${action}-reason`
    return (
      <span className={styles.actionRow} key={action}>
        <Button
          tone={verb.tone ?? 'secondary'}
          disabled={s.state === 'disabled'}
          aria-describedby={s.state === 'disabled' ? reasonId : undefined}
          onClick={() => perform(verb, user)}
        >
          {label}
        </Button>
        {s.state === 'disabled' ? (
          <span id={reasonId} className={styles.reason}>
            {s.reason}
          </span>
        ) : null}
      </span>
    )
  }

  const field = (term: string, value: string) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{value === '' ? LL.users.none() : value}</dd>
    </>
  )
  const groups = groupByResource(user.effective_permissions)
  const edit = state('edit')

  return (
    <Page
      title={titledName(user)}
      actions={
        edit.state === 'enabled' ? (
          <Link className={buttonClass()} href={pathTo('users-edit', { id: user.user_id })}>
            {LL.users.edit()}
          </Link>
        ) : edit.state === 'disabled' ? (
          actionButton('edit')
        ) : null
      }
    >
      <div className={styles.nameCell}>
        <Avatar name={fullName(user)} />
        <UserBadges LL={LL} user={user} />
      </div>
      <dl className={styles.details}>
        {field(LL.users.id(), String(user.user_id))}
        {field(LL.users.titleLabel(), user.title ?? '')}
        {field(LL.users.firstName(), user.first_name)}
        {field(LL.users.lastName(), user.last_name)}
        {field(LL.users.username(), user.username)}
        {field(LL.users.email(), user.email)}
        {field(LL.users.phone(), user.phone_number ?? '')}
        {field(LL.users.organization(), user.organization_name)}
        {field(LL.users.roles(), user.roles.map((role) => roleName(LL, role)).join(', '))}
        {field(LL.users.clients(), user.client_ids.join(', '))}
        {field(LL.users.notes(), user.notes)}
        {field(LL.users.disabled(), user.disabled ? LL.users.yes() : LL.users.no())}
        {field(LL.users.emailConfirmed(), user.email_confirmed ? LL.users.yes() : LL.users.no())}
        {field(LL.users.phoneConfirmed(), user.phone_confirmed ? LL.users.yes() : LL.users.no())}
        {field(LL.users.createdAt(), date.format(Date.parse(user.created_at)))}
        {field(LL.users.updatedAt(), date.format(Date.parse(user.updated_at)))}
      </dl>
      {user.email_withdrawn_at ? (
        <Notice tone="warning">
          {LL.confirmation.withheld({ date: date.format(Date.parse(user.email_withdrawn_at)) })}
        </Notice>
      ) : null}
      <section className={styles.section} aria-labelledby="user-permissions">
        <h2 id="user-permissions" className={styles.sectionTitle}>
          {LL.users.effectivePermissions()}
        </h2>
        {groups.length === 0 ? (
          <p>{LL.users.noPermissions()}</p>
        ) : (
          <dl className={styles.details}>
            {groups.map(([resource, list]) => (
              <div key={resource} className={styles.group}>
                <dt className={styles.term}>
                  {LL.users.resources[resource as keyof typeof LL.users.resources]()}
                </dt>
                <dd className={styles.definition}>{list.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className={styles.section} aria-label={LL.users.actions()}>
        {pageVerbs.map((action) => actionButton(action))}
      </section>
      {edit.state === 'absent' ? null : <OffboardPanel user={user} />}
      <PersonPinPanel user={user} actionButton={actionButton} />
      <UserAccess user={user} />
      {edit.state === 'absent' ? null : <UserSessions user={user} />}
      <JournalHistory type="user" id={user.user_id} />
    </Page>
  )
}
