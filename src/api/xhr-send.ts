// fetch reports no upload progress, so a multipart body whose caller wants progress goes through
// XMLHttpRequest; the answer is turned back into a Response so the rest of the client is unchanged.

export interface XhrRequest {
  url: string
  method: string
  headers: Headers
  body: FormData
  signal: AbortSignal
  onUploadProgress: (loaded: number, total: number) => void
}

const NO_BODY = new Set([204, 205, 304])

export function xhrSend(request: XhrRequest): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.url)
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value))
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress(event.loaded, event.total)
    }
    const abort = () => xhr.abort()
    if (request.signal.aborted) {
      reject(new DOMException('Aborted', 'AbortError'))
      return
    }
    request.signal.addEventListener('abort', abort, { once: true })
    const settle = () => request.signal.removeEventListener('abort', abort)
    xhr.onload = () => {
      settle()
      const headers = new Headers()
      for (const name of ['content-type', 'retry-after']) {
        const value = xhr.getResponseHeader(name)
        if (value !== null) headers.set(name, value)
      }
      const body = NO_BODY.has(xhr.status) ? null : xhr.responseText
      resolve(new Response(body, { status: xhr.status, headers }))
    }
    xhr.onerror = () => {
      settle()
      reject(new TypeError('Network request failed'))
    }
    xhr.onabort = () => {
      settle()
      reject(new DOMException('Aborted', 'AbortError'))
    }
    xhr.send(request.body)
  })
}
