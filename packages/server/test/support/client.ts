/** A small HTTP client for tests: real requests to the running app, JSON in and out. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Api {
  constructor(
    readonly base: string,
    readonly token?: string,
    private readonly cookies: Map<string, string> = new Map(),
  ) {}

  as(token: string | undefined): Api {
    return new Api(this.base, token, new Map());
  }

  /** A client that keeps cookies between calls, like a browser. */
  withCookieJar(): Api {
    return new Api(this.base, this.token, new Map());
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return readResponse<T>(res, this.cookies);
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}

/** An answer as the tests read it: the cookies it sets kept in `cookies` (a browser's jar), JSON parsed. */
export async function readResponse<T = any>(res: Response, cookies: Map<string, string>): Promise<ApiResponse<T>> {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, ...v] = pair!.split('=');
    const value = v.join('=');
    if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) cookies.delete(k!.trim());
    else cookies.set(k!.trim(), value);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
