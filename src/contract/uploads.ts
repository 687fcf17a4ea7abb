import { integer, object, string, type Infer } from './struct'

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const uploadContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/** POST /upload (multipart, one file field): the stored image, served at `url`. */
export const UploadResult = object({
  url: string(),
  name: string(),
  content_type: string(),
  size: integer(),
})
export type UploadResult = Infer<typeof UploadResult>
