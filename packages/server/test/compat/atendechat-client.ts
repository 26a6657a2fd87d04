import { expect } from 'vitest';
import { readResponse, type ApiResponse } from '../support/client.js';
import { notServed, specCalls, type SpecCall, type SpecDocument } from './spec-calls.js';

/**
 * The spec's web client (Atendechat's frontend) as it speaks to its API: axios with the API base
 * (`/api` here), `Authorization: Bearer` from local storage, JSON bodies or multipart forms, and
 * query params serialised as axios does (null/undefined left out, arrays as `key[]=v`, dates as
 * ISO text, objects as JSON). Each request is named by its row in the spec's call tables, so a
 * suite can tell which rows it replayed (`expectEveryCallReplayed`).
 */
export interface ClientRequest {
  /** Query params exactly as the client passes them to axios (`api.get(url, { params })`). */
  params?: Record<string, unknown>;
  /** A JSON body, as the client's form sends it (empty strings, `false` for "none" and all). */
  body?: unknown;
  /** A multipart body (`FormData`), for uploads. */
  form?: FormData;
}

export function axiosQuery(params: Record<string, unknown> = {}): string {
  const q = new URLSearchParams();
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v));
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) q.append(`${key}[]`, text(v));
    else q.append(key, text(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** `{id}` in a row matches one path segment; the rest must be literal (the leading `/api` aside). */
function rowMatches(row: string, method: string, path: string): boolean {
  const [rowMethod, rowPath] = row.split(' ') as [string, string];
  if (rowMethod !== method) return false;
  const pattern = rowPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^/api${pattern}$`).test(path);
}

export class AtendechatClient {
  constructor(
    readonly base: string,
    readonly token: string | undefined,
    /** Rows replayed so far (shared by the clients of one suite). */
    readonly replayed: Set<SpecCall>,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same client signed in as someone else (the rows replayed stay shared). */
  as(token: string | undefined): AtendechatClient {
    return new AtendechatClient(this.base, token, this.replayed);
  }

  /** Sends the client's request for `row` to `path` (under `/api`) and records the row. */
  async call<T = any>(row: SpecCall, path: string, req: ClientRequest = {}): Promise<ApiResponse<T>> {
    const method = row.split(' ')[0]!;
    const url = `/api${path}`;
    if (!rowMatches(row, method, url)) throw new Error(`${method} ${url} is not the spec's row ${row}`);
    this.replayed.add(row);
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | undefined;
    if (req.form) body = req.form;
    else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const res = await fetch(this.base + url + axiosQuery(req.params), { method, headers, body });
    return readResponse<T>(res, this.cookies);
  }
}

/** Every row of `doc` was replayed, or is listed as not served (never both). */
export function expectEveryCallReplayed(doc: SpecDocument, replayed: Set<SpecCall>): void {
  const rows = specCalls[doc] as readonly SpecCall[];
  const missing = rows.filter((row) => !replayed.has(row) && !(row in notServed));
  const both = rows.filter((row) => replayed.has(row) && row in notServed);
  expect(missing, `rows of the ${doc} table no request replayed`).toEqual([]);
  expect(both, 'rows listed as not served, yet answered').toEqual([]);
}

/** A 2xx answer, or the test fails naming the row and showing the body. */
export function ok<T>(res: ApiResponse<T>, what: string): T {
  expect(res.status, `${what}: ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
