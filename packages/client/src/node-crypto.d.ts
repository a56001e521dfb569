// The one Node module the client imports (in ./crypto-node.ts, Node only), declared here so the client compiles
// without Node's types: what it uses of Node stays visible in one place.
declare module 'node:crypto' {
  export const webcrypto: unknown;
}
