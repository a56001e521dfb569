// The framing of a binary COPY stream around a report chunk: where the stored bytes lie, an empty result, and
// refusal of anything shaped otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { singleBinaryField } from '../../src/db/report-chunks.ts';

const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const int16 = (n: number) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
const trailer = int16(-1);

test('one row of one field: its bytes, whatever they hold', () => {
  const data = Buffer.from([0xe2, 0x82, 0xb9, 0x00, 0xff, 0x0a]);
  const stream = Buffer.concat([header, int16(1), int32(data.length), data, trailer]);
  const field = singleBinaryField(stream.subarray(0, 25), stream.length);
  assert.deepEqual(field, { start: 25, length: data.length });
  assert.deepEqual(stream.subarray(field!.start, field!.start + field!.length), data);
});

test('no row: undefined', () => {
  const stream = Buffer.concat([header, trailer]);
  assert.equal(singleBinaryField(stream, stream.length), undefined);
});

test('another layout is refused, not misread', () => {
  const two = Buffer.concat([header, int16(2), int32(1), Buffer.from('a'), int32(1), Buffer.from('b'), trailer]);
  assert.throws(() => singleBinaryField(two.subarray(0, 25), two.length), /2 fields/);
  const text = Buffer.from('id,type\n1,adjustment\n');
  assert.throws(() => singleBinaryField(text, text.length), /not a binary COPY stream/);
  const short = Buffer.concat([header, int16(1), int32(10), Buffer.from('abc'), trailer]);
  assert.throws(() => singleBinaryField(short.subarray(0, 25), short.length), /unexpected size/);
});
