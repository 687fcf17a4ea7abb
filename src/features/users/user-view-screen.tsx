import { useMemo, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userDetail } from '../../api/users'
import type { InviteNotify } from '../../contract/notify'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Avatar } from '../../ui/avatar'
import { Button, buttonClass } from '../../ui/button'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Dialog } from '../../ui/dialog'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeleteUserDialog } from './delete-user-dialog'
import { DisableUserDialog } from './disable-user-dialog'
import { userActionState, type ActionState, type UserAction } from './user-actions'
import { UserBadges } from './user-columns'
import { groupByResource } from './user-form-model'
import { roleName } from '../../lib/role-name'
import { fullName, titledName } from './user-names'
import { useInviteUser } from './use-user-mutations'
import * as styles from './users.css'
import { JournalHistory } from '../../journal/journal-history'
import { useCommandRequests } from '../../device-commands/use-command-requests'
import { useConfirmFocus } from '../../ui/confirm-focus'
import { inviteRequests } from './invite-requests'

const INVITE_ACTION: Record<InviteNotify['workflow'], UserAction> = {
  first_password_email: 'invite-email',
  first_password_sms: 'invite-sms',
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
  const [, navigate] = useLocation()
  const search = useSearch()
  const [confirming, setConfirming] = useState(false)
  const [toggling, setToggling] = useState(false)
  const invite = useInviteUser()
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const state = (action: UserAction): ActionState =>
    caller ? userActionState(LL, caller, user, action) : { state: 'absent' }

  const sendInvite = (workflow: 'first_password_email' | 'first_password_sms') =>
    invite.mutate(
      { userId: user.user_id, workflow },
      {
        onSuccess: () =>
          showToast(
            workflow === 'first_password_email'
              ? LL.users.invited_email({ email: user.email })
              : LL.users.invited_sms({ phone: user.phone_number ?? '' }),
          ),
        onError: (error) => showToast(failureText(LL, formFailure(error)), 'danger'),
      },
    )

  // An invitation chosen in the palette is sent at once, as the button sends it when enabled.
  useCommandRequests(inviteRequests, user.user_id, (workflow) => {
    if (state(INVITE_ACTION[workflow]).state === 'enabled') sendInvite(workflow)
  })

  // Commands asked for by URL (?command=…, from the palette or a link) are confirmed first.
  const command = new URLSearchParams(search).get('command')
  const asked = (action: UserAction) => command === action && state(action).state === 'enabled'
  const askedToDelete = asked('delete')
  const askedToToggle = asked('disable') || asked('enable')
  const askedInvite = asked('invite-email')
    ? 'first_password_email'
    : asked('invite-sms')
      ? 'first_password_sms'
      : null
  const {
    confirmRef: inviteConfirmRef,
    cancelRef: inviteCancelRef,
    startRef: inviteStartRef,
  } = useConfirmFocus('reversible', askedInvite !== null)
  const clearCommand = () => {
    if (command !== null) navigate(pathTo('users-view', { id: user.user_id }), { replace: true })
  }
  const closeDelete = () => {
    setConfirming(false)
    clearCommand()
  }
  const closeToggle = () => {
    setToggling(false)
    clearCommand()
  }

  const actionButton = (action: UserAction, label: string, run: () => void) => {
    const s = state(action)
    if (s.state === 'absent') return null
    const reasonId = `user-${action}-reason`
    return (
      <span className={styles.actionRow} key={action}>
        <Button
          tone={action === 'delete' || action === 'disable' ? 'danger' : 'secondary'}
          disabled={s.state === 'disabled' || invite.isPending}
          aria-describedby={s.state === 'disabled' ? reasonId : undefined}
          onClick={run}
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
          actionButton('edit', LL.users.edit(), () => undefined)
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
        {actionButton('invite-email', LL.users.inviteEmail(), () =>
          sendInvite('first_password_email'),
        )}
        {actionButton('invite-sms', LL.users.inviteSms(), () => sendInvite('first_password_sms'))}
        {actionButton('disable', LL.users.disable(), () => setToggling(true))}
        {actionButton('enable', LL.users.enable(), () => setToggling(true))}
        {actionButton('delete', LL.users.delete(), () => setConfirming(true))}
      </section>
      <JournalHistory type="user" id={user.user_id} />
      <Dialog
        open={askedInvite !== null}
        onOpenChange={(open) => (open ? undefined : clearCommand())}
        title={LL.users.inviteTitle({ name: fullName(user) })}
        description={LL.users.inviteBody({
          to: askedInvite === 'first_password_sms' ? (user.phone_number ?? '') : user.email,
        })}
        hideClose
        initialFocus={inviteStartRef}
        footer={
          <>
            <Button tone="secondary" ref={inviteCancelRef} onClick={clearCommand}>
              {LL.common.cancel()}
            </Button>
            <Button
              ref={inviteConfirmRef}
              onClick={() => {
                if (askedInvite) sendInvite(askedInvite)
                clearCommand()
              }}
            >
              {LL.users.sendInvite()}
            </Button>
          </>
        }
      />
      <DisableUserDialog user={toggling || askedToToggle ? user : null} onClose={closeToggle} />
      <DeleteUserDialog
        user={confirming || askedToDelete ? user : null}
        onClose={closeDelete}
        onDeleted={() => navigate(listPlacePath(pathTo('users')))}
      />
    </Page>
  )
}
