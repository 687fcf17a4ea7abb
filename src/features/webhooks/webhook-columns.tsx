import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { pathTo } from '../../contract/pages'
import type { Webhook } from '../../contract/webhooks'
import { deleteColumn } from '../../ui/data-table/common-columns'
import type { DataTableFeatures } from '../../ui/data-table/features'
import * as styles from './webhooks.css'
import { eventTypesText, lastDeliveryText, stateText } from './webhook-words'

const helper = createColumnHelper<DataTableFeatures, Webhook>()

interface WebhookColumnContext {
  LL: TranslationFunctions
  /** A time on the reader's clock, its zone named. */
  when: (iso: string) => string
  canUpdate: boolean
  onDelete: (webhook: Webhook) => void
}

// Column ids are the server's order_by names where the column sorts.
export function webhookColumns({ LL, when, canUpdate, onDelete }: WebhookColumnContext) {
  const columns = helper.columns([
    helper.accessor('url', {
      id: 'url',
      header: LL.webhooks.url(),
      size: 280,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('webhooks-view', { id: info.row.original.webhook_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.display({
      id: 'events',
      header: LL.webhooks.events(),
      size: 240,
      enableSorting: false,
      cell: (info) => eventTypesText(LL, info.row.original),
    }),
    helper.display({
      id: 'state',
      header: LL.webhooks.state(),
      size: 220,
      enableSorting: false,
      cell: (info) => stateText(LL, info.row.original, when),
    }),
    helper.display({
      id: 'last',
      header: LL.webhooks.lastDelivery(),
      size: 280,
      enableSorting: false,
      cell: (info) => lastDeliveryText(LL, info.row.original, when),
    }),
    deleteColumn<Webhook>({
      header: LL.webhooks.actions(),
      text: LL.webhooks.delete(),
      label: (webhook) => LL.webhooks.deleteNamed({ url: webhook.url }),
      onDelete,
    }),
  ])
  return canUpdate ? columns : columns.filter((column) => column.id !== 'actions')
}
