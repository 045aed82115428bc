import { type ErrorCode, isErrorBody } from '@smart-zone/types/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@smart-zone/types/idempotency';
import type { ImportError } from '@smart-zone/types/imports';

/** A failed API call: the server's message, its code, field errors for forms, and an import file's errors by row. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly rows: ImportError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Where the client gets the accessToken for bearer requests, and how it gets
 * a new one when the API answers 401 (the 1-hour token ran out): the auth
 * session mints one from the signed-in user (null when nobody is signed in).
 */
export interface TokenSource {
  current(): string | null;
  renew(): Promise<string | null>;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the accessToken (writes, /myitem, /me). */
  auth?: boolean;
  /** A bearer token to send instead of the accessToken (the /login exchange). */
  bearer?: string;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A write's Idempotency-Key (issue 37): the same key is the same write, done once however often it is sent
   * (the outbox resends its own). Left out, each call makes one, kept for its 401 resend.
   */
  idempotencyKey?: string;
  /**
   * A file sent as it is, as `type`, instead of a JSON body: a File streams
   * from disk, never read into memory. `onProgress` hears how much is sent.
   */
  upload?: { file: Blob; type: string; onProgress?: (sent: number, total: number) => void };
}

/** An answer with its headers, for the calls whose headers carry data (X-Total-Count, ETag). */
interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one way the app talks to the API: JSON in, JSON out, errors thrown as ApiError. */
export function createApiClient({ baseUrl, tokens }: { baseUrl: string; tokens?: TokenSource }) {
  async function send(path: string, options: RequestOptions, token: string | null) {
    const { upload } = options;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (upload) headers['Content-Type'] = upload.type;
    else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${baseUrl}${path}`;
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      body: upload ? upload.file : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    };
    try {
      if (!upload?.onProgress) return await fetch(url, init);
      // Loaded with the first upload: the first page never sends one.
      const { fetchWithUploadProgress } = await import('./upload-with-progress');
      return await fetchWithUploadProgress(url, init, upload.onProgress);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
    }
  }

  async function answered(path: string, given: RequestOptions): Promise<Response> {
    const options = isWrite(given) ? withKey(given) : given;
    const bearer = options.bearer ?? (options.auth ? (tokens?.current() ?? null) : null);
    let response = await send(path, options, bearer);
    if (response.status === 401 && options.auth && !options.bearer && tokens) {
      const renewed = await tokens.renew().catch(() => null);
      if (renewed) response = await send(path, options, renewed);
    }
    if (!response.ok) throw await errorFrom(response);
    return response;
  }

  async function requestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const response = await answered(path, options);
    return { data: (await response.json()) as T, headers: response.headers };
  }

  return {
    requestWithHeaders,
    request: async <T>(path: string, options: RequestOptions = {}) => (await requestWithHeaders<T>(path, options)).data,
    /**
     * A file the API answers (a CSV): its bytes and the name the API gives it
     * (Content-Disposition), for routes a plain link cannot open because they
     * need the bearer token.
     */
    download: async (path: string, { accept, ...options }: RequestOptions & { accept: string }) => {
      const response = await answered(path, { ...options, headers: { ...options.headers, Accept: accept } });
      return { blob: await response.blob(), filename: attachmentName(response.headers), headers: response.headers };
    },
  };
}

function isWrite(options: RequestOptions): boolean {
  return options.auth === true && (options.method ?? 'GET') !== 'GET';
}

/** The write with its Idempotency-Key in its headers: its own, or a new one. */
function withKey(options: RequestOptions): RequestOptions {
  const key = options.idempotencyKey ?? newIdempotencyKey();
  return { ...options, headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: key } };
}

/** 128 random bits as 32 hex characters (crypto.randomUUID needs a secure context; a shop's LAN address is not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The file name of `Content-Disposition: attachment; filename=…`, quoted or
 * not (Express's res.attachment quotes it only when it must).
 */
function attachmentName(headers: Headers): string | undefined {
  return /filename=(?:"([^"]+)"|([^\s";]+))/
    .exec(headers.get('Content-Disposition') ?? '')
    ?.slice(1)
    .find(Boolean);
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, fields = {}, rows = [] } = body.error;
    return new ApiError(response.status, code, message, fields, rows);
  }
  return new ApiError(response.status, 'internal', `The server answered ${response.status}. Please try again.`);
}

/** The message a person should read for any error thrown by a request or the auth provider. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
