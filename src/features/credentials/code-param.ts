// The offline-code dialog opens by URL (the palette's way to open it); the PIN never goes there,
// only the credential's id on the list, or a flag on that credential's own edit page.

export const CODE_PARAM = 'code'

/** The positive integer in `?code=`, or null. */
export function codeIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get(CODE_PARAM) ?? ''
  return /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null
}

/** The search string with the code parameter removed: '' or '?…'. */
export function withoutCode(search: string): string {
  const params = new URLSearchParams(search)
  params.delete(CODE_PARAM)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** `path` with `?code=<value>` added to whatever query it already has. */
export function withCode(path: string, value: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}${CODE_PARAM}=${value}`
}
