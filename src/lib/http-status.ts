/**
 * Whether `error` is an HTTP failure with `status` (api/api-error.ts's ApiError of kind 'HTTP'),
 * read structurally so that layers below api/ can ask without importing the client.
 */
export function isHttpStatus(error: unknown, status: number): boolean {
  if (!(error instanceof Error)) return false
  const fields = error as Error & { kind?: unknown; status?: unknown }
  return fields.kind === 'HTTP' && fields.status === status
}
