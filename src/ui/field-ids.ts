import { useId } from 'react'

/** Ids for a field's input, hint and error, and the aria-describedby that joins the present ones. */
export function useFieldIds(hint: unknown, error: unknown) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return { id, hintId, errorId, describedBy: describedBy || undefined }
}
