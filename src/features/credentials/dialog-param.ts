// A link a person can bookmark asks for a credential's action: `?code=` its offline code,
// `?delete=` its delete, `?reissue=` a new offline code (decision 073: Needs attention links it).
// Only ids go there, never the PIN.

export type DialogParam = 'code' | 'delete' | 'reissue'

/** The positive integer in `?<name>=`, or null. */
export function dialogIdOf(search: string, name: DialogParam): number | null {
  const value = new URLSearchParams(search).get(name) ?? ''
  return /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null
}

/** The search string with that parameter removed: '' or '?…'. */
export function withoutDialog(search: string, name: DialogParam): string {
  const params = new URLSearchParams(search)
  params.delete(name)
  const text = params.toString()
  return text ? `?${text}` : ''
}
