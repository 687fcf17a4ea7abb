import type { QueryValue } from '../contract/api-paths'
import { apiStream } from './client'

export interface CsvProgress {
  /** Records received so far, the header not counted. */
  rows: number
  bytes: number
}

export interface CsvDownload extends CsvProgress {
  file: string
}

const QUOTE = 0x22
const LINE_FEED = 0x0a

/** The file name the server chose (`attachment; filename="audit-log-20261128-064535.csv"`). */
export function dispositionName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null
}

/**
 * Counts the records of a CSV stream chunk by chunk: a line feed ends a record unless it is
 * inside quotes (a doubled quote toggles twice, so it changes nothing).
 */
export function recordCounter() {
  let quoted = false
  let lines = 0
  return (chunk: Uint8Array) => {
    for (const byte of chunk) {
      if (byte === QUOTE) quoted = !quoted
      else if (byte === LINE_FEED && !quoted) lines += 1
    }
    return lines
  }
}

/** Hands `blob` to the browser's download as `file`. */
export function saveFile(blob: Blob, file: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file
  link.click()
  // The click has handed the blob to the download; the next task may let it go.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * GET a list's export.csv (`path`) with the list's own query, read as a stream with progress, and
 * saved under the server's file name (else `name`.csv) when complete. `signal` cancels it: nothing
 * is saved then. The headers come in `language` (the console's, not the browser's).
 */
export async function downloadCsv(
  path: string,
  name: string,
  query: Readonly<Record<string, QueryValue>>,
  options: { language: string; signal: AbortSignal; onProgress: (progress: CsvProgress) => void },
): Promise<CsvDownload> {
  const response = await apiStream({
    path,
    query,
    signal: options.signal,
    headers: { 'Accept-Language': options.language },
  })
  const file = dispositionName(response.headers.get('Content-Disposition')) ?? `${name}.csv`
  const chunks: Uint8Array[] = []
  const count = recordCounter()
  let bytes = 0
  let lines = 0
  const reader = response.body?.getReader()
  while (reader !== undefined) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    bytes += value.byteLength
    lines = count(value)
    options.onProgress({ rows: Math.max(0, lines - 1), bytes })
  }
  saveFile(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), file)
  return { file, rows: Math.max(0, lines - 1), bytes }
}
