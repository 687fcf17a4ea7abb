/** The part of a key event the form keys read; a DOM or React keyboard event both fit. */
export interface FormKeyEvent {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
  defaultPrevented: boolean
  isComposing?: boolean
}

/**
 * Ctrl/⌘+Enter submits from any field, textareas included; Escape cancels. Plain Enter is left to
 * the browser, which submits from a single-line field and adds a line in a textarea. A key a field
 * already handled (a select's list, an IME composition) is not the form's.
 */
export function formKey(event: FormKeyEvent): 'submit' | 'cancel' | null {
  if (event.defaultPrevented || event.isComposing) return null
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey) return 'submit'
  if (event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'cancel'
  return null
}
