// The few Web Crypto calls the client makes, typed here so that it needs neither the DOM's nor Node's types.
// A browser page served over plain HTTP has `getRandomValues` but neither `subtle` nor `randomUUID`.

export interface HmacCrypto {
  importKey(format: 'raw', key: Uint8Array, algorithm: { name: 'HMAC'; hash: 'SHA-256' }, extractable: false, usages: ['verify']): Promise<unknown>;
  verify(algorithm: 'HMAC', key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

export interface WebCrypto {
  subtle: HmacCrypto;
  randomUUID(): string;
  getRandomValues<T extends Uint8Array>(array: T): T;
}
