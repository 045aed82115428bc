import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import { type ErrorCode, isErrorBody } from '@smart-zone/types/errors';
import { env } from '../config/env';

/** A failed API call: the server's message, its code, and field errors for forms. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const accessToken = {
  get: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
};

/**
 * Called when a bearer request answers 401 (the 1-hour accessToken ran out):
 * the auth session mints a new one from the signed-in Firebase user and the
 * request is tried once more. Null when nobody is signed in.
 */
let renewAccessToken: (() => Promise<string | null>) | null = null;
export function setAccessTokenRenewer(renew: (() => Promise<string | null>) | null) {
  renewAccessToken = renew;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored accessToken (writes and /myitem). */
  auth?: boolean;
  /** A bearer token to send instead of the stored one (the /login exchange). */
  bearer?: string;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${env.apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields ?? {});
  }
  return new ApiError(response.status, 'internal', `The server answered ${response.status}. Please try again.`);
}

/** The one way the app talks to the API: JSON in, JSON out, errors thrown as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.bearer ?? (options.auth ? accessToken.get() : null);
  let response = await send(path, options, token);
  if (response.status === 401 && options.auth && !options.bearer && renewAccessToken) {
    const renewed = await renewAccessToken().catch(() => null);
    if (renewed) response = await send(path, options, renewed);
  }
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}

/** The message a person should read for any error thrown by a request or the auth provider. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
