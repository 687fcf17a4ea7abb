import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { webhookList, type WebhookSort } from '../../api/webhooks'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import type { Webhook } from '../../contract/webhooks'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { webhookVerbs } from './webhook-actions'
import { webhookColumns } from './webhook-columns'
import { eventTypesText, lastDeliveryText, stateText, viewerZone, zonedTime } from './webhook-words'

const defaults: ListViewDefaults<WebhookSort> = {
  orderBy: 'created_at',
  orderDirection: 'desc',
  sortable: ['url'],
}

const getRowId = (webhook: Webhook) => String(webhook.webhook_id)

/** /webhooks: an organization's endpoints (at most 20); org admins write them, others read. */
export function WebhooksScreen() {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canUpdate = can(needs('webhooks', 'update'))
  const when = useMemo(() => {
    const zone = viewerZone()
    return (iso: string) => zonedTime(LL, iso, zone)
  }, [LL])
  const columns = useMemo(
    () =>
      webhookColumns({
        LL,
        when,
        canUpdate,
        onDelete: (webhook) => perform(webhookVerbs.delete, webhook),
      }),
    [LL, when, canUpdate, perform],
  )
  const rowActions = useMemo(
    () => ({
      open: (webhook: Webhook) => perform(webhookVerbs.view, webhook),
      ...(canUpdate
        ? {
            edit: (webhook: Webhook) => perform(webhookVerbs.edit, webhook),
            remove: (webhook: Webhook) => perform(webhookVerbs.delete, webhook),
          }
        : {}),
    }),
    [canUpdate, perform],
  )
  const describeRow = (webhook: Webhook) =>
    LL.webhooks.row({
      url: webhook.url,
      events: eventTypesText(LL, webhook),
      state: stateText(LL, webhook, when),
      last: lastDeliveryText(LL, webhook, when),
    })
  return (
    <Page
      title={LL.webhooks.title()}
      intro={LL.webhooks.intro()}
      actions={
        canUpdate ? (
          <Link className={buttonClass()} href={pathTo('webhooks-create')}>
            {LL.webhooks.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.webhooks.gridLabel()}
        searchLabel={LL.webhooks.search()}
        emptyMessage={LL.webhooks.empty()}
        columns={columns}
        source={webhookList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canUpdate ? () => navigate(pathTo('webhooks-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
