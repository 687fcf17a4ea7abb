import { useEffect, useEffectEvent, useId, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { groupDetail, memberList, type MemberSort } from '../../api/groups'
import { usePerform } from '../../actions/action-host'
import { usePageSubject } from '../../commands/page-subject'
import type { Group, Member } from '../../contract/access-model'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import {
  changeWindowAction,
  deepLinkedGroupAction,
  groupVerbs,
  removeMembersAction,
  type GroupAction,
} from './group-actions'
import { boundText, memberColumns } from './member-columns'
import { memberName } from './member-names'
import * as styles from './groups.css'

const memberDefaults: ListViewDefaults<MemberSort> = {
  orderBy: 'email',
  orderDirection: 'asc',
  sortable: ['email', 'created_at'],
}

const getRowId = (member: Member) => String(member.user_id)

/** /groups/view/:id — the group and its members, who are added, dated and removed here. */
export function GroupViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(groupDetail, (group) => group.name)
  usePageSubject('groups', detail.item)
  const group = detail.item
  if (!group)
    return (
      <DetailState title={LL.groups.viewTitle()} notFound={LL.groups.notFound()} detail={detail} />
    )
  return <GroupView key={group.group_id} group={group} />
}

function GroupView({ group }: { group: Group }) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const [, navigate] = useLocation()
  const search = useSearch()
  const membersHeading = useId()
  const canUpdate = can(needs('groups', 'update'))
  const canDelete = can(needs('groups', 'delete'))
  const canReadUsers = can(needs('users', 'read'))

  // A bookmarked `?command=add-members` (or delete) asks as the button does; the word is dropped
  // so Back or a reload does not ask again.
  const requested = deepLinkedGroupAction(new URLSearchParams(search).get('command'))
  const askDeepLink = useEffectEvent((action: GroupAction) => {
    navigate(pathTo('groups-view', { id: group.group_id }), { replace: true })
    perform(action, group)
  })
  useEffect(() => {
    if (requested !== undefined) askDeepLink(requested)
  }, [requested])

  const moment = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const source = useMemo(() => memberList(group.group_id), [group.group_id])
  const columns = useMemo(
    () =>
      memberColumns({
        LL,
        moment,
        canUpdate,
        onChangeWindow: (member) => perform(changeWindowAction, { group, member }),
        onRemove: (member) => perform(removeMembersAction, { group, members: [member] }),
      }),
    [LL, moment, canUpdate, perform, group],
  )
  const rowActions = useMemo(
    () => ({
      ...(canReadUsers
        ? { open: (member: Member) => navigate(pathTo('users-view', { id: member.user_id })) }
        : {}),
      ...(canUpdate
        ? {
            edit: (member: Member) => perform(changeWindowAction, { group, member }),
            remove: (member: Member) => perform(removeMembersAction, { group, members: [member] }),
          }
        : {}),
    }),
    [canReadUsers, canUpdate, navigate, perform, group],
  )
  const describeRow = (member: Member) =>
    LL.groups.memberRow({
      email: member.email,
      name: memberName(member),
      from: boundText(moment, member.valid_from, LL.groups.noStart()),
      until: boundText(moment, member.valid_until, LL.groups.noEnd()),
    })
  const bulkActions = (members: readonly Member[], clear: () => void) => (
    <Button
      size="sm"
      tone="danger"
      onClick={() => perform(removeMembersAction, { group, members, done: clear })}
    >
      {LL.groups.removeSelected()}
    </Button>
  )

  return (
    <Page
      title={group.name}
      actions={
        <span className={styles.headerActions}>
          {canUpdate ? (
            <Button onClick={() => perform(groupVerbs['add-members'], group)}>
              {LL.groups.addMembers()}
            </Button>
          ) : null}
          {canUpdate ? (
            <Link
              className={buttonClass({ tone: 'secondary' })}
              href={pathTo('groups-edit', { id: group.group_id })}
            >
              {LL.groups.edit()}
            </Link>
          ) : null}
          {canDelete ? (
            <Button tone="danger" onClick={() => perform(groupVerbs.delete, group)}>
              {LL.groups.delete()}
            </Button>
          ) : null}
        </span>
      }
    >
      <dl className={styles.details}>
        <dt className={styles.term}>{LL.groups.description()}</dt>
        <dd className={styles.definition}>
          {group.description === '' ? LL.groups.noDescription() : group.description}
        </dd>
        <dt className={styles.term}>{LL.groups.members()}</dt>
        <dd className={styles.definition}>
          {LL.groups.memberCount({ count: group.member_count })}
        </dd>
      </dl>
      <section className={styles.section} aria-labelledby={membersHeading}>
        <h2 id={membersHeading} className={styles.sectionTitle}>
          {LL.groups.membersHeading()}
        </h2>
        <DataTable
          label={LL.groups.membersGrid({ name: group.name })}
          searchLabel={LL.groups.membersSearch()}
          emptyMessage={LL.groups.membersEmpty()}
          columns={columns}
          source={source}
          defaults={memberDefaults}
          getRowId={getRowId}
          describeRow={describeRow}
          rowActions={rowActions}
          onCreate={canUpdate ? () => perform(groupVerbs['add-members'], group) : undefined}
          errorMessage={(error) => errorText(LL, error)}
          {...(canUpdate ? { bulkActions } : {})}
        />
      </section>
      <JournalHistory type="group" id={group.group_id} />
    </Page>
  )
}
