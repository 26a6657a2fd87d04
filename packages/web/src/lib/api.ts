/**
 * The one HTTP client of the web app.
 *
 * - base `/api`, cookies included (the refresh token is an httpOnly cookie), bearer from storage;
 * - 403 ERR_SESSION_EXPIRED: one refresh (`POST /auth/refresh_token`) shared by every request
 *   that needs it, then one retry with the new token;
 * - a failed refresh, or any 401 on an authenticated call: the session is cleared and the app
 *   goes to /login (through `onSessionEnded`).
 */
import type { ErrorBody, LoginAnswer } from '@balcao/contracts';
import { session } from './session';

const BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fields?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Public calls (login, signup, reset …): no bearer, no refresh, no logout on 401. */
  auth?: boolean;
  /**
   * A token other than the session's (an expired company's billing token, from its refused
   * login): sent as the bearer, as a public call otherwise (no refresh, no logout on 401).
   */
  bearer?: string;
  /** A form body's progress, 0 to 1, as it leaves (fetch cannot tell: such a call goes by XHR). */
  onUploadProgress?: (fraction: number) => void;
}

let sessionEndedHandler: (() => void) | null = null;
/** The auth provider registers how to leave (clear state, go to /login). */
export function onSessionEnded(handler: (() => void) | null) {
  sessionEndedHandler = handler;
}

export function endSession() {
  session.clear();
  if (sessionEndedHandler) sessionEndedHandler();
  else if (window.location.pathname !== '/login') window.location.assign('/login');
}

let refreshing: Promise<string> | null = null;

/** Refreshes the access token once; concurrent callers share the same promise. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const res = await fetch(`${BASE}/auth/refresh_token`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw await toApiError(res);
    const data = (await res.json()) as LoginAnswer;
    if (!data.token) throw new ApiError(res.status, undefined, 'No token in refresh answer');
    session.setToken(data.token);
    return data.token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function buildUrl(path: string, query?: Query) {
  const url = `${BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> & Record<string, unknown> = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  const message = typeof body.message === 'string' ? body.message : res.statusText || `HTTP ${res.status}`;
  return new ApiError(res.status, body.error, message, body.fields, body);
}

async function send(path: string, opts: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.onUploadProgress && body instanceof FormData)
    return sendWithProgress(buildUrl(path, opts.query), opts.method ?? 'POST', headers, body, opts);
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: opts.signal,
  });
}

/** The same request through XMLHttpRequest, whose upload reports progress; answers a Response as fetch would. */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  opts: RequestOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * The call with the session's rules: one refresh and retry on an expired token, the session
 * ended on a 401, an `ApiError` for any other failure. Answers the successful response.
 */
async function authorised(path: string, opts: RequestOptions): Promise<Response> {
  const auth = opts.auth !== false && !opts.bearer;
  if (auth && refreshing) await refreshing.catch(() => undefined);
  const usedToken = opts.bearer ?? (auth ? session.getToken() : null);
  let res = await send(path, opts, usedToken);

  if (auth && res.status === 403) {
    const err = await toApiError(res.clone());
    if (err.code === 'ERR_SESSION_EXPIRED') {
      let token: string;
      try {
        const current = session.getToken();
        // Another request already refreshed while this one was in flight: reuse its token.
        token = current && current !== usedToken ? current : await refreshAccessToken();
      } catch {
        endSession();
        throw err;
      }
      res = await send(path, opts, token);
      if (res.status === 403) {
        const again = await toApiError(res.clone());
        if (again.code === 'ERR_SESSION_EXPIRED') {
          endSession();
          throw again;
        }
      }
    }
  }

  if (auth && res.status === 401) {
    const err = await toApiError(res);
    endSession();
    throw err;
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await authorised(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the server makes (an export): its bytes, and its name from Content-Disposition. */
export async function download(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | undefined }> {
  const res = await authorised(path, { query });
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await res.blob(), fileName };
}

export const api = {
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query' | 'method'>) =>
    request<T>(path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body' | 'method'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body' | 'method'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T = void>(path: string, opts?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }),
};

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
