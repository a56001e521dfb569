// Web Crypto where the runtime has it as a global: browsers, workers, Deno, Node 19 and later. Node resolves
// `#crypto` to ./crypto-node.ts instead (package.json `imports`), so a browser bundle never meets a `node:`
// import, and Node 18, which has Web Crypto only inside `node:crypto`, still works.
import type { WebCrypto } from './crypto-types.ts';

export function webCrypto(): Partial<WebCrypto> | undefined {
  return (globalThis as { crypto?: Partial<WebCrypto> }).crypto;
}
