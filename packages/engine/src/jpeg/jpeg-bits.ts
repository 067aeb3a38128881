import { UnsupportedJpeg } from './jpeg-types.ts';

export interface HuffmanTable {
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
  /** Symbol and length for every 8-bit prefix whose code is at most 8 bits (length 0: longer). */
  fast: Uint16Array;
}

export function buildHuffman(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(17);
  const minCode = new Int32Array(17);
  const fast = new Uint16Array(256);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1]!;
    valPtr[length] = k;
    minCode[length] = code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (length <= 8) {
        const shift = 8 - length;
        for (let fill = 0; fill < 1 << shift; fill++)
          fast[(code << shift) | fill] = (length << 8) | values[k]!;
      }
    }
    maxCode[length] = n > 0 ? code - 1 : -1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  return { maxCode, valPtr, minCode, values, fast };
}

/** Reads the entropy-coded bits of one scan; 0xFF00 is a data 0xFF, a marker ends the data. */
export class BitReader {
  private bits = 0;
  private count = 0;
  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  private fill(): void {
    while (this.count <= 24) {
      let byte = 0;
      if (this.pos < this.data.length) {
        byte = this.data[this.pos]!;
        if (byte === 0xff) {
          const next = this.data[this.pos + 1];
          if (next === 0x00) this.pos += 2;
          else byte = 0; // a marker: no more data in this segment, zeros as libjpeg does
        } else this.pos++;
      }
      this.bits = ((this.bits << 8) | byte) >>> 0;
      this.count += 8;
    }
  }

  bit(): number {
    if (this.count === 0) this.fill();
    this.count--;
    return (this.bits >>> this.count) & 1;
  }

  receive(length: number): number {
    if (length === 0) return 0;
    if (this.count < length) this.fill();
    this.count -= length;
    return (this.bits >>> this.count) & ((1 << length) - 1);
  }

  decode(table: HuffmanTable): number {
    if (this.count < 16) this.fill();
    const peek = (this.bits >>> (this.count - 8)) & 0xff;
    const hit = table.fast[peek]!;
    if (hit >> 8) {
      this.count -= hit >> 8;
      return hit & 0xff;
    }
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | this.bit();
      if (code <= table.maxCode[length]!) {
        return table.values[table.valPtr[length]! + code - table.minCode[length]!]!;
      }
    }
    throw new UnsupportedJpeg('bad Huffman code');
  }

  /** At a restart marker: drop the partial byte and step over the marker. */
  restart(): void {
    this.bits = 0;
    this.count = 0;
    while (this.pos + 1 < this.data.length) {
      if (this.data[this.pos] === 0xff && (this.data[this.pos + 1]! & 0xf8) === 0xd0) {
        this.pos += 2;
        return;
      }
      this.pos++;
    }
  }
}
