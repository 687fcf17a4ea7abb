import { UploadResult } from '../contract/uploads'
import { apiRequest } from './client'

/** Requirements R3.11: the one file field is named image_{timestamp}_{original file name}. */
export function uploadFieldName(fileName: string, now: number): string {
  return `image_${now}_${fileName}`
}

/**
 * POST /upload on the upload host (requirements R7.10); the server sniffs the bytes and answers the
 * URL.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const multipart = new FormData()
  multipart.append(uploadFieldName(file.name, Date.now()), file)
  return apiRequest(UploadResult, {
    method: 'POST',
    host: 'upload',
    path: '/upload',
    multipart,
    signal,
    // A slow link can take a while for 5 MB; the bar shows it is still moving.
    timeoutMs: 120_000,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  })
}
