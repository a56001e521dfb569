// Node 24 (V8) has JSON.rawJSON, JSON.isRawJSON and the reviver's source text; TypeScript 5.9's lib does not
// declare them yet. They carry integers past 2^53 through JSON without a detour through a double.
interface RawJSON {
  readonly rawJSON: string;
}

interface JSON {
  /** A value that JSON.stringify writes as the given JSON text (a primitive's text only: a number, here). */
  rawJSON(text: string): RawJSON;
  isRawJSON(value: unknown): value is RawJSON;
  parse(text: string, reviver: (this: unknown, key: string, value: unknown, context: { source?: string }) => unknown): unknown;
}
