/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** `name: value` lines, as XMLHttpRequest gives an answer's headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * fetch() for a request whose upload reports its progress, which fetch cannot
 * do: the same request through XMLHttpRequest (upload.onprogress), answered as
 * a fetch Response, so the API client reads it as any other. It fails as fetch
 * does: a TypeError when the network does, an AbortError when `signal` aborts.
 * The body goes as it is: a File streams from disk, never read into memory.
 */
export function fetchWithUploadProgress(
  url: string,
  init: RequestInit,
  onProgress: (sent: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (init.signal?.aborted) return aborted();
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'GET', url);
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () =>
      resolve(
        new Response(NO_BODY.has(request.status) ? null : request.responseText, {
          status: request.status,
          statusText: request.statusText,
          headers: headersOf(request.getAllResponseHeaders()),
        }),
      );
    request.onerror = request.ontimeout = () => reject(new TypeError('Network request failed'));
    request.onabort = aborted;
    init.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(init.body as XMLHttpRequestBodyInit | null);
  });
}
