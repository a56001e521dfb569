// The API's query form for the MCP tools' GET and DELETE calls: nested objects in bracket notation
// (`created[gte]=…`), undefined values left out. @paygate/client has the same encoder; the server does not
// import it, because the service runs from its TypeScript sources and the client package only once built.
export function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => add(`${key}[${i}]`, v));
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
