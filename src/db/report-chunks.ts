// Reading a stored chunk of a report's file as the exact bytes that were stored. The pg driver decodes every
// result value as UTF-8 text, even in binary result format, so a chunk that starts or ends inside a multi-byte
// character would come back changed. `COPY ... TO STDOUT (format binary)` through pg-copy-streams hands over
// the raw bytes instead; this module takes the one field out of COPY's binary framing.
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** COPY's binary signature: "PGCOPY\n\377\r\n\0". */
const SIGNATURE = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);

/** Bytes enough for COPY's header (no extension), a row's field count and its field's length. */
const HEAD_BYTES = SIGNATURE.length + 4 + 4 + 2 + 4;

/**
 * Where the one field of the one row of a binary COPY stream lies, given its first bytes and its total size;
 * undefined when the stream has no row. Throws on any other layout (it would be another statement).
 */
export function singleBinaryField(head: Buffer, total: number): { start: number; length: number } | undefined {
  if (head.length < SIGNATURE.length + 10 || !head.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('not a binary COPY stream');
  }
  let at = SIGNATURE.length + 4; // flags
  at += 4 + head.readUInt32BE(at); // header extension (PostgreSQL writes none)
  if (at + 2 > head.length) throw new Error('binary COPY header longer than expected');
  const fields = head.readInt16BE(at);
  at += 2;
  if (fields === -1 && total === at) return undefined;
  if (fields !== 1 || at + 4 > head.length) throw new Error(`binary COPY row of ${fields} fields, expected 1`);
  const length = head.readInt32BE(at);
  at += 4;
  // The row, then the trailer (a field count of -1).
  if (length < 0 || at + length + 2 !== total) throw new Error('binary COPY stream of an unexpected size');
  return { start: at, length };
}

/** The bytes [start, start + length) of a sequence of pieces, as views of them (nothing copied). */
function range(pieces: Buffer[], start: number, length: number): Buffer[] {
  const out: Buffer[] = [];
  let offset = 0;
  for (const piece of pieces) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(start + length - offset, piece.length);
    if (from < to) out.push(piece.subarray(from, to));
    offset += piece.length;
  }
  return out;
}

/**
 * Chunk `seq` of a report's file, byte for byte, as the pieces it arrived in (views, not copies), or
 * undefined past its last chunk. The connection goes back to the pool as soon as the chunk is read.
 */
export async function readReportChunk(pool: Pool, reportId: string, seq: number): Promise<Buffer[] | undefined> {
  if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`chunk number ${seq}`);
  const client = await pool.connect();
  try {
    const statement =
      `copy (select data from report_chunks where report_id = ${client.escapeLiteral(reportId)} and seq = ${seq}) ` +
      'to stdout (format binary)';
    const pieces: Buffer[] = [];
    let total = 0;
    for await (const piece of client.query(copyTo(statement)) as AsyncIterable<Buffer>) {
      pieces.push(piece);
      total += piece.length;
    }
    const field = singleBinaryField(Buffer.concat(pieces, Math.min(total, HEAD_BYTES)), total);
    return field && range(pieces, field.start, field.length);
  } finally {
    client.release();
  }
}
