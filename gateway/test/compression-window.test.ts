// Brotli's window (issue 44): at most 256 KiB, so ten large answers compressed at once
// no longer make V8 collect the whole heap every few answers; an answer larger than the
// window still decodes to itself, and the window is no larger than the answer needs.
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { brotliParams, brotliWindowBits } from '../src/compression';

describe('gateway: the Brotli window', () => {
  it('when the answer is small, then the window is the smallest that holds it, 64 KiB at least', () => {
    expect(brotliWindowBits(500)).toBe(16);
    expect(brotliWindowBits(65_536)).toBe(16);
    expect(brotliWindowBits(65_537)).toBe(17);
    expect(brotliWindowBits(200_000)).toBe(18);
  });

  it('when the answer is large or its length unknown, then the window is 256 KiB, never the 4 MiB default', () => {
    expect(brotliWindowBits(1_638_383)).toBe(18);
    expect(brotliWindowBits(50_000_000)).toBe(18);
    expect(brotliWindowBits(0)).toBe(18);
    expect(brotliWindowBits(Number.NaN)).toBe(18);
    expect(brotliParams(0)[constants.BROTLI_PARAM_LGWIN]).toBe(18);
    expect(brotliParams(0)[constants.BROTLI_PARAM_SIZE_HINT]).toBeUndefined();
  });

  it('when a 1.5 MB list is six times the window, then it decodes byte for byte and is still small', () => {
    const trips = Array.from({ length: 30_000 }, (_, i) => ({
      _id: i.toString(16).padStart(24, '0'),
      total_cost: 63_575 + i,
    }));
    const list = Buffer.from(JSON.stringify(trips));
    const compressed = brotliCompressSync(list, { params: brotliParams(list.length) });
    expect(brotliDecompressSync(compressed).equals(list)).toBe(true);
    expect(compressed.length).toBeLessThan(list.length * 0.15);
  });
});
