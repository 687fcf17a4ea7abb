import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { groupDetail } from '../../api/groups'
import { usePerform } from '../../actions/action-host'
import { usePageSubject } from '../../commands/page-subject'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { groupVerbs } from './group-actions'
import { GroupForm } from './group-form'
import { updateGroupForm, valuesOf } from './group-form-model'
import { useUpdateGroup } from './use-group-mutations'

/** /groups/edit/:id — the group's name and description; saving returns to its page. */
export function EditGroupScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(groupDetail, (group) => group.name)
  const { id, item: group } = detail
  usePageSubject('groups', group)
  const update = useUpdateGroup(id)

  if (!group)
    return (
      <DetailState title={LL.groups.editTitle()} notFound={LL.groups.notFound()} detail={detail} />
    )

  const view = pathTo('groups-view', { id: group.group_id })
  return (
    <Page title={LL.groups.editNamed({ name: group.name })}>
      <GroupForm
        model={updateGroupForm}
        label={LL.groups.editNamed({ name: group.name })}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={group.group_id}
        initial={valuesOf(group)}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(view)}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.groups.saved_notice({ name: saved.name }))
          navigate(view)
        }}
        extraActions={
          can(needs('groups', 'delete')) ? (
            <Button tone="danger" onClick={() => perform(groupVerbs.delete, group)}>
              {LL.groups.delete()}
            </Button>
          ) : null
        }
      />
      <JournalHistory type="group" id={group.group_id} />
    </Page>
  )
}
