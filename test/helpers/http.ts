// A thin HTTP client for tests: what a caller's server would send, nothing more.
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface RequestOptions {
  key?: string;
  /** `basic` (default, as the contract's client libraries send it) or `bearer`. */
  scheme?: 'basic' | 'bearer';
  form?: Record<string, string>;
  json?: unknown;
  raw?: { body: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export function authHeader(key: string, scheme: 'basic' | 'bearer' = 'basic'): string {
  return scheme === 'bearer' ? `Bearer ${key}` : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

export function createHttp(baseUrl: string) {
  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = authHeader(options.key, options.scheme);
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let body: string | Buffer | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  }
  return {
    request,
    get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = any>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  };
}

export type Http = ReturnType<typeof createHttp>;
