import { ZIGZAG, type JpegFrame } from './jpeg-types.ts';

const bitLength = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(value));

/** Calls `visit(component, blockOffset)` for every block in the order a baseline scan holds them. */
function forEachBlock(frame: JpegFrame, visit: (c: number, offset: number) => void): void {
  const { components } = frame;
  if (components.length === 1) {
    const only = components[0]!;
    for (let row = 0; row < only.blocksPerColumn; row++)
      for (let col = 0; col < only.blocksPerLine; col++)
        visit(0, (row * only.blocksPerLineForMcu + col) * 64);
    return;
  }
  for (let mcuRow = 0; mcuRow < frame.mcusPerColumn; mcuRow++)
    for (let mcuCol = 0; mcuCol < frame.mcusPerLine; mcuCol++)
      for (let c = 0; c < components.length; c++) {
        const comp = components[c]!;
        for (let v = 0; v < comp.v; v++)
          for (let h = 0; h < comp.h; h++) {
            const row = mcuRow * comp.v + v;
            const col = mcuCol * comp.h + h;
            visit(c, (row * comp.blocksPerLineForMcu + col) * 64);
          }
      }
}

/** Code lengths for the symbols' frequencies, at most 16 bits (JPEG Annex K.2, as libjpeg). */
function optimalTable(frequencies: Int32Array): { counts: Uint8Array; values: Uint8Array } {
  const freq = Float64Array.from(frequencies);
  freq[256] = 1; // a reserved code point, so no code is all ones
  const size = new Int32Array(257);
  const others = new Int32Array(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let c2 = -1;
    let v1 = Infinity;
    let v2 = Infinity;
    for (let i = 0; i <= 256; i++) {
      if (freq[i] === 0) continue;
      if (freq[i]! <= v1) {
        v2 = v1;
        c2 = c1;
        v1 = freq[i]!;
        c1 = i;
      } else if (freq[i]! <= v2) {
        v2 = freq[i]!;
        c2 = i;
      }
    }
    if (c2 < 0) break;
    freq[c1] = freq[c1]! + freq[c2]!;
    freq[c2] = 0;
    size[c1] = size[c1]! + 1;
    while (others[c1]! >= 0) {
      c1 = others[c1]!;
      size[c1] = size[c1]! + 1;
    }
    others[c1] = c2;
    size[c2] = size[c2]! + 1;
    while (others[c2]! >= 0) {
      c2 = others[c2]!;
      size[c2] = size[c2]! + 1;
    }
  }
  const bits = new Int32Array(33);
  for (let i = 0; i <= 256; i++) if (size[i]) bits[size[i]!] = bits[size[i]!]! + 1;
  for (let i = 32; i > 16; i--) {
    while (bits[i]! > 0) {
      let j = i - 2;
      while (bits[j] === 0) j--;
      bits[i] = bits[i]! - 2;
      bits[i - 1] = bits[i - 1]! + 1;
      bits[j + 1] = bits[j + 1]! + 2;
      bits[j] = bits[j]! - 1;
    }
  }
  let last = 16;
  while (bits[last] === 0) last--;
  bits[last] = bits[last]! - 1; // give back the reserved code point
  const values: number[] = [];
  for (let length = 1; length <= 32; length++)
    for (let symbol = 0; symbol < 256; symbol++) if (size[symbol] === length) values.push(symbol);
  return { counts: Uint8Array.from(bits.subarray(1, 17)), values: Uint8Array.from(values) };
}

interface Codes {
  code: Uint16Array;
  length: Uint8Array;
}

function codesOf(table: { counts: Uint8Array; values: Uint8Array }): Codes {
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let bits = 1; bits <= 16; bits++) {
    for (let i = 0; i < table.counts[bits - 1]!; i++, k++) {
      code[table.values[k]!] = next++;
      length[table.values[k]!] = bits;
    }
    next <<= 1;
  }
  return { code, length };
}

class ByteSink {
  bytes = new Uint8Array(1 << 16);
  size = 0;
  private acc = 0;
  private count = 0;

  byte(value: number): void {
    if (this.size === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.size++] = value;
  }

  array(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.byte(values[i]!);
  }

  word(value: number): void {
    this.byte(value >> 8);
    this.byte(value & 0xff);
  }

  /** Entropy-coded bits; a 0xFF byte is followed by a stuffed 0x00. */
  bits(value: number, length: number): void {
    this.acc = ((this.acc << length) | (value & ((1 << length) - 1))) >>> 0;
    this.count += length;
    while (this.count >= 8) {
      const out = (this.acc >>> (this.count - 8)) & 0xff;
      this.byte(out);
      if (out === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.acc &= (1 << this.count) - 1;
  }

  flushBits(): void {
    if (this.count > 0) this.bits(0x7f, 8 - this.count);
  }
}

type Emit = (
  table: number,
  ac: boolean,
  symbol: number,
  extra: number,
  extraLength: number,
) => void;

/** Every block's symbols: DC differences and AC run/size pairs with their extra bits. */
function codeBlocks(frame: JpegFrame, tableOf: number[], emit: Emit): void {
  const preds = new Int32Array(frame.components.length);
  forEachBlock(frame, (c, offset) => {
    const coef = frame.components[c]!.coefficients;
    const table = tableOf[c]!;
    const diff = coef[offset]! - preds[c]!;
    preds[c] = coef[offset]!;
    const dcSize = bitLength(Math.abs(diff));
    emit(table, false, dcSize, diff < 0 ? diff - 1 : diff, dcSize);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const value = coef[offset + ZIGZAG[k]!]!;
      if (value === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        emit(table, true, 0xf0, 0, 0);
        run -= 16;
      }
      const size = bitLength(Math.abs(value));
      emit(table, true, (run << 4) | size, value < 0 ? value - 1 : value, size);
      run = 0;
    }
    if (run > 0) emit(table, true, 0, 0, 0);
  });
}

/**
 * A baseline JPEG of the frame's blocks exactly as given (same quantisation tables, sampling and
 * component ids), with Huffman tables made for these blocks. Luma uses table 0, chroma table 1.
 */
export function writeJpeg(frame: JpegFrame): Buffer {
  const tableOf: number[] = frame.components.map((_, c) => (c === 0 ? 0 : 1));
  const dcFreq = [new Int32Array(257), new Int32Array(257)];
  const acFreq = [new Int32Array(257), new Int32Array(257)];
  codeBlocks(frame, tableOf, (table, ac, symbol) => {
    const freq = (ac ? acFreq : dcFreq)[table]!;
    freq[symbol] = freq[symbol]! + 1;
  });
  const used = [...new Set(tableOf)];
  const dcTables = used.map((t) => optimalTable(dcFreq[t]!));
  const acTables = used.map((t) => optimalTable(acFreq[t]!));
  const dcCodes = dcTables.map(codesOf);
  const acCodes = acTables.map(codesOf);

  const out = new ByteSink();
  out.array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const quantIds = [...new Set(frame.components.map((c) => c.tq))];
  const wide = frame.components.some((c) => c.quant.some((q) => q > 255));
  for (const id of quantIds) {
    const quant = frame.components.find((c) => c.tq === id)!.quant;
    out.array([0xff, 0xdb]);
    out.word(2 + 1 + 64 * (wide ? 2 : 1));
    out.byte(((wide ? 1 : 0) << 4) | id);
    for (let k = 0; k < 64; k++) {
      if (wide) out.word(quant[ZIGZAG[k]!]!);
      else out.byte(quant[ZIGZAG[k]!]!);
    }
  }
  out.array([0xff, wide ? 0xc1 : 0xc0]);
  out.word(8 + 3 * frame.components.length);
  out.byte(8);
  out.word(frame.height);
  out.word(frame.width);
  out.byte(frame.components.length);
  for (const comp of frame.components) out.array([comp.id, (comp.h << 4) | comp.v, comp.tq]);
  used.forEach((id, i) => {
    for (const [kind, table] of [
      [0, dcTables[i]!],
      [1, acTables[i]!],
    ] as const) {
      out.array([0xff, 0xc4]);
      out.word(2 + 17 + table.values.length);
      out.byte((kind << 4) | id);
      out.array(table.counts);
      out.array(table.values);
    }
  });
  out.array([0xff, 0xda]);
  out.word(6 + 2 * frame.components.length);
  out.byte(frame.components.length);
  frame.components.forEach((comp, c) => out.array([comp.id, (tableOf[c]! << 4) | tableOf[c]!]));
  out.array([0, 63, 0]);
  codeBlocks(frame, tableOf, (table, ac, symbol, extra, extraLength) => {
    const codes = (ac ? acCodes : dcCodes)[used.indexOf(table)]!;
    out.bits(codes.code[symbol]!, codes.length[symbol]!);
    if (extraLength) out.bits(extra, extraLength);
  });
  out.flushBits();
  out.array([0xff, 0xd9]);
  return Buffer.from(out.bytes.buffer, 0, out.size);
}
