// Node's entry for `#crypto` (package.json `imports`, condition `node`): Node 18 has Web Crypto only as
// `webcrypto` inside `node:crypto`; later versions also have the global, and both are the same object.
import { webcrypto } from 'node:crypto';
import type { WebCrypto } from './crypto-types.ts';

export function webCrypto(): Partial<WebCrypto> | undefined {
  return (globalThis as { crypto?: Partial<WebCrypto> }).crypto ?? (webcrypto as Partial<WebCrypto>);
}
