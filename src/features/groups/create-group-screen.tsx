import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { GroupForm } from './group-form'
import { createGroupForm, emptyValues } from './group-form-model'
import { useCreateGroup } from './use-group-mutations'

/** /groups/create — the new group's page follows, where its members are added. */
export function CreateGroupScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateGroup()
  return (
    <Page title={LL.groups.createTitle()}>
      <GroupForm
        model={createGroupForm}
        initial={emptyValues}
        label={LL.groups.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('groups')))}
        onSubmit={async (input) => {
          const group = await create.mutateAsync(input)
          showToast(LL.groups.created_notice({ name: group.name }))
          navigate(pathTo('groups-view', { id: group.group_id }))
        }}
      />
    </Page>
  )
}
