// JSON columns read without a detour through doubles. PostgreSQL keeps a jsonb number's digits exactly, but the
// driver parses jsonb with plain JSON.parse, which rounds an integer past 2^53: an event's settlement amount or
// batch total would come back changed. Columns of this type are read as text and parsed here, where such an
// integer becomes raw JSON (JSON.rawJSON) that JSON.stringify writes back digit for digit.
import { Type } from '@mikro-orm/core';

/** Integers that a double cannot hold exactly: plain digits only (`1e20` stays a double, as JSON.parse reads it). */
function exactInteger(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value) || context.source === undefined) return value;
  return /^-?[0-9]+$/.test(context.source) ? JSON.rawJSON(context.source) : value;
}

/**
 * A number of 16 or more digits where a JSON value starts (after `:`, `[` or `,`): only then can an integer
 * be past 2^53. Digit runs inside strings (ids, UTRs) mostly do not match; one that does only costs time.
 */
const LONG_NUMBER = /[:[,]\s*-?[0-9]{16}/;

/** JSON.parse that keeps integers past 2^53 exact (as raw JSON); plain JSON.parse when no long number occurs. */
export function parseJsonExact(text: string): unknown {
  return LONG_NUMBER.test(text) ? JSON.parse(text, exactInteger) : JSON.parse(text);
}

/** A jsonb column read as text and parsed with parseJsonExact. */
export class ExactJsonType extends Type<Record<string, unknown>, string> {
  override convertToDatabaseValue(value: Record<string, unknown>): string {
    return JSON.stringify(value);
  }

  override convertToJSValue(value: string | Record<string, unknown>): Record<string, unknown> {
    return typeof value === 'string' ? (parseJsonExact(value) as Record<string, unknown>) : value;
  }

  override convertToJSValueSQL(key: string): string {
    return `${key}::text`;
  }

  override getColumnType(): string {
    return 'jsonb';
  }

  override compareAsType(): string {
    return 'string';
  }
}
