// Changes to API keys made by this very process (a revoke through `revokeApiKey`), told at once to this process's
// key caches (api-key-cache.ts). Other processes learn of the same change through PostgreSQL's NOTIFY, which reaches
// this process too, but a moment later: without this, a request this process serves right after its own revoke
// could still find the key in its cache.
const listeners = new Set<() => void>();

/** Calls `forget` whenever this process changes a key; returns the unsubscribe function. */
export function onLocalApiKeyChange(forget: () => void): () => void {
  listeners.add(forget);
  return () => listeners.delete(forget);
}

export function localApiKeyChanged(): void {
  for (const forget of listeners) forget();
}
