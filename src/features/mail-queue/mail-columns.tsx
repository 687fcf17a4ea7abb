import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { MailMessage } from '../../contract/mail-queue'
import { Button } from '../../ui/button'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { mailStateText, workflowText } from './mail-words'

const helper = createColumnHelper<DataTableFeatures, MailMessage>()

interface MailColumnContext {
  LL: TranslationFunctions
  /** A time on the reader's clock, its zone named. */
  when: (iso: string) => string
  onResend: (message: MailMessage) => void
}

// Column ids are the server's order_by names where the column sorts.
export function mailColumns({ LL, when, onResend }: MailColumnContext) {
  const words = LL.mailQueue
  return helper.columns([
    helper.accessor('created_at', {
      id: 'created_at',
      header: words.created(),
      size: 210,
      sortDescFirst: true,
      cell: (info) => <time dateTime={info.getValue()}>{when(info.getValue())}</time>,
    }),
    helper.display({
      id: 'workflow',
      header: words.workflow(),
      size: 180,
      enableSorting: false,
      cell: (info) => workflowText(LL, info.row.original.workflow),
    }),
    helper.display({
      id: 'channel',
      header: words.channel(),
      size: 110,
      enableSorting: false,
      cell: (info) =>
        info.row.original.channel === 'sms' ? words.channels.sms() : words.channels.email(),
    }),
    helper.accessor('recipient', {
      id: 'recipient',
      header: words.recipient(),
      size: 220,
      enableSorting: false,
    }),
    helper.accessor('subject', {
      id: 'subject',
      header: words.subject(),
      size: 240,
      enableSorting: false,
    }),
    helper.display({
      id: 'state',
      header: words.state(),
      size: 170,
      enableSorting: false,
      cell: (info) => mailStateText(LL, info.row.original.state),
    }),
    helper.accessor('attempts', {
      id: 'attempts',
      header: words.attempts(),
      size: 100,
      enableSorting: false,
    }),
    helper.display({
      id: 'next_attempt',
      header: words.nextAttempt(),
      size: 210,
      enableSorting: false,
      cell: (info) => {
        const next = info.row.original.next_attempt_at
        return next === null ? words.none() : <time dateTime={next}>{when(next)}</time>
      },
    }),
    helper.accessor('last_error', {
      id: 'last_error',
      header: words.lastError(),
      size: 260,
      enableSorting: false,
      cell: (info) => (info.getValue() === '' ? words.none() : info.getValue()),
    }),
    helper.display({
      id: 'actions',
      header: words.actions(),
      size: 200,
      enableSorting: false,
      cell: (info) => {
        const message = info.row.original
        if (message.state !== 'failed') return null
        if (!message.resendable) return words.linkGone()
        return (
          <Button
            tone="secondary"
            size="sm"
            aria-label={words.resendNamed({
              subject: message.subject,
              recipient: message.recipient,
            })}
            onClick={() => onResend(message)}
          >
            {words.resend()}
          </Button>
        )
      },
    }),
  ])
}
