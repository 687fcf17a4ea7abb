import { useSyncExternalStore } from 'react'
import type { DeviceCommand } from '../contract/devices'
import type { ErrorBody } from '../contract/errors'
import { frameBatch } from '../lib/frame-batch'

// Every command the user sent in this session, for the receipts panel. Module memory only: never
// written to storage, and it holds no PIN or token — a command, its device and its outcome.

export type ReceiptStatus = 'pending' | 'waiting' | 'done' | 'failed'

export interface Receipt {
  /** The command's Idempotency-Key: one receipt per confirmation. */
  key: string
  deviceId: number
  deviceName: string
  command: DeviceCommand
  status: ReceiptStatus
  /** The audit row the server wrote for it (success or refusal), once known. */
  auditId: number | null
  /** The server's refusal of a failed command, worded when shown. */
  refusal: ErrorBody | null
  sentAt: number
}

interface ReceiptsState {
  /** Newest first. */
  receipts: readonly Receipt[]
  open: boolean
}

let state: ReceiptsState = { receipts: [], open: false }
const listeners = new Set<() => void>()

const notify = () => {
  for (const listener of listeners) listener()
}
// Receipts of a bulk run arrive faster than frames: the panel hears of them once per frame.
const receiptsChanged = frameBatch(notify)

/** A person's own step (open, forget) shows at once; receipts coming in, by the next frame. */
function update(next: ReceiptsState, when: 'now' | 'next frame' = 'now') {
  state = next
  if (when === 'now') {
    receiptsChanged.cancel()
    notify()
  } else receiptsChanged.schedule()
}

export function addReceipt(receipt: Omit<Receipt, 'status' | 'auditId' | 'refusal' | 'sentAt'>) {
  update(
    {
      ...state,
      receipts: [
        { ...receipt, status: 'pending', auditId: null, refusal: null, sentAt: Date.now() },
        ...state.receipts,
      ],
    },
    'next frame',
  )
}

/** Records what became of the command sent with `key`. */
export function settleReceipt(
  key: string,
  outcome: Partial<Pick<Receipt, 'status' | 'auditId' | 'refusal'>>,
) {
  update(
    {
      ...state,
      receipts: state.receipts.map((receipt) =>
        receipt.key === key ? { ...receipt, ...outcome } : receipt,
      ),
    },
    'next frame',
  )
}

export function setReceiptsOpen(open: boolean) {
  if (state.open !== open) update({ ...state, open })
}

/** The session ended: what it sent is forgotten with it. */
export function forgetReceipts() {
  update({ receipts: [], open: false })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useReceipts<T>(select: (state: ReceiptsState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state))
}
