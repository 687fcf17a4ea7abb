import type { ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { MailMessage } from '../../contract/mail-queue'
import { Button } from '../../ui/button'
import { EntryDrawer } from '../../ui/entry-drawer'
import { mailStateText, workflowText } from './mail-words'

interface MailEntryDrawerProps {
  entry: MailMessage | null
  open: boolean
  onOpenChange: (open: boolean) => void
  when: (iso: string) => string
  onResend: (message: MailMessage) => void
  /** What came of "Send again", shown where the button was. */
  outcome: ReactNode
}

/**
 * One message in full beside the queue (the list's Enter opens it, j/k walk the queue), with
 * "Send again" one Tab away for a failed one: the grid is one tab stop, so its cells' buttons are
 * the pointer's way and this is the keyboard's.
 */
export function MailEntryDrawer(props: MailEntryDrawerProps) {
  const { entry, open, onOpenChange, when, onResend, outcome } = props
  const { LL } = useI18nContext()
  const words = LL.mailQueue
  const time = (iso: string | null) => (iso === null ? words.none() : when(iso))
  const rows: [string, ReactNode][] = entry
    ? [
        [words.created(), time(entry.created_at)],
        [words.workflow(), workflowText(LL, entry.workflow)],
        [words.channel(), entry.channel === 'sms' ? words.channels.sms() : words.channels.email()],
        [words.recipient(), entry.recipient],
        [words.subject(), entry.subject],
        [words.state(), mailStateText(LL, entry.state)],
        [words.attempts(), String(entry.attempts)],
        [words.nextAttempt(), time(entry.next_attempt_at)],
        [words.settled(), time(entry.settled_at)],
        [words.lastError(), entry.last_error === '' ? words.none() : entry.last_error],
        [words.messageId(), String(entry.message_id)],
      ]
    : []
  return (
    <EntryDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={words.entryTitle()}
      hint={words.entryHint()}
      fields={rows}
      testId="mail-entry"
    >
      {entry?.state === 'failed' ? (
        entry.resendable ? (
          <Button
            tone="primary"
            aria-label={words.resendNamed({ subject: entry.subject, recipient: entry.recipient })}
            onClick={() => onResend(entry)}
          >
            {words.resend()}
          </Button>
        ) : (
          <p>{words.linkGone()}</p>
        )
      ) : null}
      {outcome}
    </EntryDrawer>
  )
}
