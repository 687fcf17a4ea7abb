import { useEffect } from 'react'
import type { Command, CommandContext } from '../commands/command'
import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { needs } from '../contract/permissions'
import { auditRowPath, commandPath } from './command-links'
import { forgetReceipts, setReceiptsOpen, useReceipts, type Receipt } from './command-receipts'
import { commandFailureText } from '../lib/answer-text'
import { formatRelativeTime } from '../lib/relative-time-text'
import { useNow } from '../lib/use-now'
import { useSession } from '../session/session-context'
import { buttonClass } from '../ui/button'
import * as styles from './command-receipts.css'
import { Drawer } from '../ui/drawer'

/**
 * The receipts panel (palette "Show command receipts", `g r`): every command sent in this
 * session, newest first, with its outcome, a link to its audit row, and a retry for failures that
 * opens the device's own confirmation again. Mounted once by the signed-in shell; leaving the
 * session forgets the receipts.
 */
export function CommandReceiptsPanel() {
  const { LL } = useI18nContext()
  const open = useReceipts((state) => state.open)
  const receipts = useReceipts((state) => state.receipts)
  useEffect(() => forgetReceipts, [])
  return (
    <Drawer
      open={open}
      onOpenChange={setReceiptsOpen}
      title={LL.devices.receipts.title()}
      hint={LL.devices.receipts.intro()}
    >
      {receipts.length === 0 ? (
        <p className={styles.intro}>{LL.devices.receipts.empty()}</p>
      ) : (
        <ReceiptList receipts={receipts} />
      )}
    </Drawer>
  )
}

function ReceiptList({ receipts }: { receipts: readonly Receipt[] }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const now = useNow(30_000)
  const canReadAudits = can(needs('devices:audits', 'read'))
  const close = () => setReceiptsOpen(false)
  return (
    <ul className={styles.list} aria-label={LL.devices.receipts.title()} data-testid="receipts">
      {receipts.map((receipt) => {
        const command = LL.devices.command[receipt.command]()
        const reason = commandFailureText(LL, receipt.refusal)
        return (
          <li key={receipt.key} className={styles.item}>
            <div>
              <p className={styles.line}>
                {LL.devices.receipts.line({ command, name: receipt.deviceName })}
              </p>
              <p className={styles.meta}>
                <span className={styles.status[receipt.status]}>
                  {LL.devices.receipts.status[receipt.status]()}
                </span>
                <span>{formatRelativeTime(LL, receipt.sentAt, now)}</span>
                {reason ? <span>{reason}</span> : null}
              </p>
            </div>
            <div className={styles.actions}>
              {receipt.auditId !== null && canReadAudits ? (
                <Link
                  className={styles.link}
                  href={auditRowPath(receipt.auditId, receipt.deviceName)}
                  onClick={close}
                >
                  {LL.devices.receipts.auditLink({ id: receipt.auditId })}
                </Link>
              ) : null}
              {receipt.status === 'failed' ? (
                <Link
                  className={buttonClass({ tone: 'secondary', size: 'sm' })}
                  href={commandPath(receipt.deviceId, receipt.command)}
                  aria-label={LL.devices.receipts.retry({ command, name: receipt.deviceName })}
                  onClick={close}
                >
                  {LL.devices.receipts.retryShort()}
                </Link>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/** What the host adds to the palette: the receipts panel, by name or `g r`. */
export const hostCommands: readonly Command<CommandContext>[] = [
  {
    id: 'receipts.show',
    label: (LL) => LL.commands.actions.showReceipts(),
    group: 'actions',
    shortcut: 'g r',
    keywords: ['receipts', 'commands', 'sent', 'outcome', 'belege'],
    needs: {},
    run: () => setReceiptsOpen(true),
  },
]
