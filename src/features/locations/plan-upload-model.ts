import { isApiError } from '../../api/client'
import { UPLOAD_MAX_BYTES, uploadContentTypes } from '../../contract/uploads'

// What the browser already knows about a chosen file (its claimed type and its size) is checked
// before a byte is sent; what only the bytes tell (an HTML page renamed .png) the server decides.

export type PlanProblem = 'svg' | 'type' | 'size' | 'content' | 'quota' | 'forbidden' | 'other'

/** The file picker's filter: the types the server accepts, by MIME type and by extension. */
export const PLAN_ACCEPT = [...uploadContentTypes, '.png', '.jpg', '.jpeg', '.gif', '.webp'].join(
  ',',
)

const accepted: ReadonlySet<string> = new Set(uploadContentTypes)

/** Why a file cannot be a plan before it is sent, or null when it may go to the server. */
export function checkPlanFile(file: Pick<File, 'type' | 'size' | 'name'>): PlanProblem | null {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) return 'svg'
  if (!accepted.has(file.type)) return 'type'
  if (file.size > UPLOAD_MAX_BYTES) return 'size'
  return null
}

/** Why the server refused an upload, in the terms the user can act on. */
export function uploadProblem(error: unknown): PlanProblem {
  if (!isApiError(error) || error.kind !== 'HTTP') return 'other'
  // The name and claimed type passed the browser's check: the bytes told the server otherwise.
  if (error.status === 415) return 'content'
  // The client never sends more than the size limit, so a 413 here is the upload quota.
  if (error.status === 413) return 'quota'
  if (error.status === 403) return 'forbidden'
  return 'other'
}
