import { useEffect, useRef } from 'react'

/**
 * What a confirmation asks about. A reversible step (disabling a user, an invitation, locking a
 * door, force unlock's warning) is undone as easily as it is taken, so its dialog starts on the
 * confirming button and Enter confirms at once; a destructive one (a delete, force unlock's
 * second step) starts on Cancel, so a stray Enter changes nothing.
 */
export type ConfirmKind = 'reversible' | 'destructive'

export type ConfirmButton = 'confirm' | 'cancel'

const STARTS_ON: Readonly<Record<ConfirmKind, ConfirmButton>> = {
  reversible: 'confirm',
  destructive: 'cancel',
}

export const startsOn = (kind: ConfirmKind): ConfirmButton => STARTS_ON[kind]

/**
 * The refs for a confirmation's two buttons and the one its kind starts on (`startRef`, for
 * `Dialog`'s `initialFocus`). A dialog whose kind changes while open (force unlock's second step) or whose
 * confirming button appears later (a plan still loading) moves focus there then.
 */
export function useConfirmFocus(kind: ConfirmKind, open: boolean) {
  const confirmRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const startRef = startsOn(kind) === 'confirm' ? confirmRef : cancelRef
  useEffect(() => {
    if (open) startRef.current?.focus()
  }, [startRef, open])
  return { confirmRef, cancelRef, startRef }
}
