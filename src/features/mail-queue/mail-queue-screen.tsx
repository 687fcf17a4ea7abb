import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { mailKeys, mailList, resendMail, type MailSort } from '../../api/mail-queue'
import { ListExport } from '../../commands/list-export'
import { mailQueueExportPath } from '../../contract/api-paths'
import type { ListViewDefaults } from '../../contract/list-view'
import type { MailMessage } from '../../contract/mail-queue'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { useEntryDrawer } from '../../ui/entry-drawer'
import { Notice } from '../../ui/notice'
import { Page } from '../../ui/page'
import { mailColumns } from './mail-columns'
import { MailEntryDrawer } from './mail-entry-drawer'
import { mailStateText, mailTime, workflowText } from './mail-words'

const defaults: ListViewDefaults<MailSort> = {
  orderBy: 'created_at',
  orderDirection: 'desc',
  sortable: ['created_at'],
}

const getRowId = (message: MailMessage) => String(message.message_id)

/**
 * /mail-queue (decision 087): the outbox, newest first, paged by the server, for global
 * administrators: why each message was written, to whom, where it stands and the mail server's
 * last word; "Send again" on a failed one. Never a message's text or link.
 */
export function MailQueueScreen() {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const when = useMemo(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return (iso: string) => mailTime(LL, iso, zone)
  }, [LL])
  const drawer = useEntryDrawer<MailMessage>()
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  // The button leaves with the failed state; focus goes to what came of it rather than the page.
  const status = useRef<HTMLDivElement>(null)
  const follow = drawer.follow
  const resend = useMutation({
    mutationFn: (message: MailMessage) => resendMail(message.message_id),
    onMutate: () => setOutcome(null),
    onSuccess: (sent) => {
      setOutcome({
        tone: 'success',
        text: LL.mailQueue.resent({ subject: sent.subject, recipient: sent.recipient }),
      })
      // The drawer shows the message as it now stands, as the list will once refetched.
      follow((shown) => (shown?.message_id === sent.message_id ? sent : shown))
      return client.invalidateQueries({ queryKey: mailKeys.all })
    },
    onError: (error) => setOutcome({ tone: 'danger', text: errorText(LL, error) }),
    onSettled: () => status.current?.focus(),
  })
  // The mutation's object changes with its state; its mutate is stable, so the columns stay.
  const send = resend.mutate
  const columns = useMemo(
    () => mailColumns({ LL, when, onResend: (message) => send(message) }),
    [LL, when, send],
  )
  const describeRow = (message: MailMessage) =>
    LL.mailQueue.row({
      workflow: workflowText(LL, message.workflow),
      recipient: message.recipient,
      state: mailStateText(LL, message.state),
      when: when(message.created_at),
    })
  const outcomeView = (
    <div ref={status} tabIndex={-1} data-testid="mail-outcome">
      {outcome === null ? null : <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </div>
  )
  return (
    <Page
      title={LL.mailQueue.title()}
      intro={LL.mailQueue.intro()}
      actions={<ListExport list="mailQueue" path={mailQueueExportPath} defaults={defaults} />}
    >
      {drawer.open ? null : outcomeView}
      <DataTable
        label={LL.mailQueue.gridLabel()}
        searchLabel={LL.mailQueue.search()}
        emptyMessage={LL.mailQueue.empty()}
        columns={columns}
        source={mailList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={drawer.rowActions}
        onActiveRowChange={drawer.follow}
        errorMessage={(error) => errorText(LL, error)}
      />
      <MailEntryDrawer
        entry={drawer.entry}
        open={drawer.open}
        onOpenChange={(open) => {
          setOutcome(null)
          drawer.setOpen(open)
        }}
        when={when}
        onResend={(message) => send(message)}
        outcome={drawer.open ? outcomeView : null}
      />
    </Page>
  )
}
