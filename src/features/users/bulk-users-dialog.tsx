import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { userKeys } from '../../api/users'
import { refetchAfterWrite } from '../../api/queries'
import type { User } from '../../contract/users'
import { flattenClientIds } from '../../lib/client-ids'
import { runBounded, type Outcome } from '../../lib/run-bounded'
import { Button } from '../../ui/button'
import { useConfirmFocus } from '../../ui/confirm-focus'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { BULK_CONCURRENCY, bulkActions, type BulkKind } from './bulk-user-actions'
import { titledName } from './user-names'
import * as styles from './users.css'

export interface BulkRequest {
  kind: BulkKind
  users: readonly User[]
}

interface BulkUsersDialogProps {
  request: BulkRequest | null
  /** After the results were read: the selection is done with. */
  onDone: () => void
  onCancel: () => void
}

const texts = (LL: TranslationFunctions, kind: BulkKind, count: number) => {
  const bulk = LL.users.bulk
  switch (kind) {
    case 'invite':
      return [bulk.inviteTitle({ count }), bulk.inviteBody(), bulk.inviteConfirm({ count })]
    case 'disable':
      return [bulk.disableTitle({ count }), bulk.disableBody(), bulk.disableConfirm({ count })]
    case 'enable':
      return [bulk.enableTitle({ count }), bulk.enableBody(), bulk.enableConfirm({ count })]
    case 'offboard':
      return [bulk.offboardTitle({ count }), bulk.offboardBody(), bulk.offboardConfirm({ count })]
    case 'delete':
      return [bulk.deleteTitle({ count }), bulk.deleteBody(), bulk.deleteConfirm({ count })]
  }
}

/**
 * One confirmation naming the count, then every user's result as it lands (done, or failed with
 * the server's reason) and a summary; the list is refetched once at the end.
 */
export function BulkUsersDialog({ request, onDone, onCancel }: BulkUsersDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [phase, setPhase] = useState<'confirm' | 'running' | 'done'>('confirm')
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, Outcome<User>>>(new Map())
  const summaryRef = useRef<HTMLParagraphElement>(null)
  const users = request?.users ?? []
  const count = users.length
  // The clients these accounts serve, so what a bulk change reaches is read before confirming.
  const clients = flattenClientIds(users)
  const [title, body, confirmLabel] = request ? texts(LL, request.kind, count) : ['', '', '']
  const { confirmRef, cancelRef, startRef } = useConfirmFocus(
    request ? bulkActions[request.kind].confirm : 'destructive',
    request !== null && phase === 'confirm',
  )

  const reset = () => {
    setPhase('confirm')
    setOutcomes(new Map())
  }
  const close = () => {
    if (phase === 'running') return
    const finished = phase === 'done'
    reset()
    if (finished) onDone()
    else onCancel()
  }
  const run = async () => {
    if (!request) return
    setPhase('running')
    await runBounded(users, BULK_CONCURRENCY, bulkActions[request.kind].run, (outcome) =>
      setOutcomes((prev) => new Map(prev).set(outcome.item.user_id, outcome)),
    )
    await refetchAfterWrite(client, userKeys, { kind: 'saved' })
    setPhase('done')
    requestAnimationFrame(() => summaryRef.current?.focus())
  }

  const failed = [...outcomes.values()].filter((outcome) => !outcome.ok).length
  const statusOf = (user: User) => {
    const outcome = outcomes.get(user.user_id)
    if (!outcome) return null
    return outcome.ok ? (
      <span className={styles.bulkOk}>{LL.users.bulk.succeeded()}</span>
    ) : (
      <span className={styles.bulkFailed}>
        {LL.users.bulk.failed({ reason: failureText(LL, formFailure(outcome.error)) })}
      </span>
    )
  }

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      description={body}
      hideClose
      initialFocus={startRef}
      footer={
        phase === 'done' ? (
          <Button onClick={close}>{LL.common.close()}</Button>
        ) : (
          <>
            <Button tone="secondary" ref={cancelRef} onClick={close} disabled={phase === 'running'}>
              {LL.common.cancel()}
            </Button>
            <Button
              tone={
                request?.kind === 'delete' || request?.kind === 'disable' ? 'danger' : 'primary'
              }
              ref={confirmRef}
              onClick={() => void run()}
              disabled={phase === 'running'}
            >
              {confirmLabel}
            </Button>
          </>
        )
      }
    >
      {clients.length > 0 ? (
        <p className={styles.bulkClients}>
          {LL.users.bulk.clients({ clients: clients.join(', ') })}
        </p>
      ) : null}
      <ul className={styles.bulkList} aria-label={LL.users.bulk.results()}>
        {users.map((user) => (
          <li key={user.user_id} className={styles.bulkItem}>
            <span>{titledName(user)}</span>
            {statusOf(user)}
          </li>
        ))}
      </ul>
      <p ref={summaryRef} tabIndex={-1} className={styles.bulkSummary} role="status">
        {phase === 'running'
          ? LL.users.bulk.progress({ done: outcomes.size, count })
          : phase === 'done'
            ? LL.users.bulk.summary({ ok: count - failed, failed })
            : ''}
      </p>
    </Dialog>
  )
}
