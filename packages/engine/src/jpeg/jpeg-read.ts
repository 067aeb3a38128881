import { BitReader, buildHuffman, type HuffmanTable } from './jpeg-bits.ts';
import {
  UnsupportedJpeg,
  ZIGZAG,
  makeFrame,
  type JpegComponent,
  type JpegFrame,
} from './jpeg-types.ts';

export { UnsupportedJpeg };

const extend = (value: number, length: number) =>
  length > 0 && value < 1 << (length - 1) ? value - (1 << length) + 1 : value;

interface Scan {
  components: JpegComponent[];
  dc: HuffmanTable[];
  ac: HuffmanTable[];
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/** Decodes one scan into the components' coefficient arrays (baseline or progressive). */
function decodeScan(
  data: Uint8Array,
  start: number,
  frame: JpegFrame,
  scan: Scan,
  restartInterval: number,
): number {
  const reader = new BitReader(data, start);
  const { ss, se, ah, al } = scan;
  const preds = new Int32Array(scan.components.length);
  let eobrun = 0;
  const p1 = 1 << al;
  const m1 = -1 << al;

  const block = (c: number, row: number, col: number) => {
    const comp = scan.components[c]!;
    const coef = comp.coefficients;
    const base = (row * comp.blocksPerLineForMcu + col) * 64;
    if (!frame.progressive) {
      const s = reader.decode(scan.dc[c]!);
      preds[c] = preds[c]! + extend(reader.receive(s), s);
      coef[base] = preds[c]!;
      for (let k = 1; k < 64; k++) {
        const rs = reader.decode(scan.ac[c]!);
        const size = rs & 15;
        const run = rs >> 4;
        if (size === 0) {
          if (run !== 15) break;
          k += 15;
          continue;
        }
        k += run;
        if (k > 63) throw new UnsupportedJpeg('coefficient index out of range');
        coef[base + ZIGZAG[k]!] = extend(reader.receive(size), size);
      }
      return;
    }
    if (ss === 0) {
      if (ah === 0) {
        const s = reader.decode(scan.dc[c]!);
        preds[c] = preds[c]! + extend(reader.receive(s), s);
        coef[base] = preds[c]! * (1 << al);
      } else if (reader.bit()) coef[base] = coef[base]! | p1;
      return;
    }
    if (ah === 0) {
      if (eobrun > 0) {
        eobrun--;
        return;
      }
      for (let k = ss; k <= se; k++) {
        const rs = reader.decode(scan.ac[c]!);
        const size = rs & 15;
        const run = rs >> 4;
        if (size) {
          k += run;
          if (k > 63) throw new UnsupportedJpeg('coefficient index out of range');
          coef[base + ZIGZAG[k]!] = extend(reader.receive(size), size) * (1 << al);
        } else if (run === 15) k += 15;
        else {
          eobrun = (1 << run) - 1 + reader.receive(run);
          break;
        }
      }
      return;
    }
    // AC successive approximation (libjpeg's decode_mcu_AC_refine).
    let k = ss;
    // Written out at both places below: a function made per block costs more than the work.
    if (eobrun === 0) {
      for (; k <= se; k++) {
        const rs = reader.decode(scan.ac[c]!);
        let run = rs >> 4;
        let value = 0;
        if (rs & 15) value = reader.bit() ? p1 : m1;
        else if (run !== 15) {
          eobrun = (1 << run) + reader.receive(run);
          break;
        }
        while (k <= se) {
          const z = ZIGZAG[k]!;
          const v = coef[base + z]!;
          if (v !== 0) {
            if (reader.bit() && (v & p1) === 0) coef[base + z] = v >= 0 ? v + p1 : v + m1;
          } else if (--run < 0) break;
          k++;
        }
        if (value && k <= se) coef[base + ZIGZAG[k]!] = value;
      }
    }
    if (eobrun > 0) {
      for (; k <= se; k++) {
        const z = ZIGZAG[k]!;
        const v = coef[base + z]!;
        if (v !== 0 && reader.bit() && (v & p1) === 0) coef[base + z] = v >= 0 ? v + p1 : v + m1;
      }
      eobrun--;
    }
  };

  const single = scan.components.length === 1;
  const only = scan.components[0]!;
  const units = single
    ? only.blocksPerLine * only.blocksPerColumn
    : frame.mcusPerLine * frame.mcusPerColumn;
  for (let unit = 0; unit < units; unit++) {
    if (restartInterval > 0 && unit > 0 && unit % restartInterval === 0) {
      reader.restart();
      preds.fill(0);
      eobrun = 0;
    }
    if (single) {
      block(0, Math.floor(unit / only.blocksPerLine), unit % only.blocksPerLine);
      continue;
    }
    const mcuRow = Math.floor(unit / frame.mcusPerLine);
    const mcuCol = unit % frame.mcusPerLine;
    for (let c = 0; c < scan.components.length; c++) {
      const comp = scan.components[c]!;
      for (let v = 0; v < comp.v; v++)
        for (let h = 0; h < comp.h; h++) block(c, mcuRow * comp.v + v, mcuCol * comp.h + h);
    }
  }
  return reader.pos;
}

/** Where the entropy-coded data starting at `from` ends: the first marker other than RSTn. */
function scanEnd(data: Uint8Array, from: number): number {
  for (let i = from; i + 1 < data.length; i++) {
    if (data[i] !== 0xff) continue;
    const next = data[i + 1]!;
    if (next !== 0x00 && (next & 0xf8) !== 0xd0 && next !== 0xff) return i;
  }
  return data.length;
}

/**
 * The quantised DCT blocks of a JPEG (baseline or progressive, Huffman-coded, 8-bit, one or three
 * components), as they are stored: no pixel is decoded. Throws `UnsupportedJpeg` otherwise.
 */
export function readJpegBlocks(bytes: Uint8Array): JpegFrame {
  const data = bytes;
  if (data[0] !== 0xff || data[1] !== 0xd8) throw new UnsupportedJpeg('not a JPEG');
  const quantTables: Uint16Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  let frame: JpegFrame | undefined;
  let restartInterval = 0;
  let pos = 2;
  let adobeTransform = -1;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) throw new UnsupportedJpeg('marker expected');
    const marker = data[pos + 1]!;
    pos += 2;
    if (marker === 0xff) {
      pos--;
      continue;
    }
    if (marker === 0xd9) break;
    if ((marker & 0xf8) === 0xd0 || marker === 0x01) continue;
    const length = (data[pos]! << 8) | data[pos + 1]!;
    const end = pos + length;
    if (end > data.length) throw new UnsupportedJpeg('truncated segment');
    let at = pos + 2;
    switch (marker) {
      case 0xdb: // DQT
        while (at < end) {
          const precision = data[at]! >> 4;
          const id = data[at]! & 15;
          at++;
          const table = new Uint16Array(64);
          for (let k = 0; k < 64; k++) {
            table[ZIGZAG[k]!] = precision ? (data[at]! << 8) | data[at + 1]! : data[at]!;
            at += precision ? 2 : 1;
          }
          quantTables[id] = table;
        }
        break;
      case 0xc4: // DHT
        while (at < end) {
          const kind = data[at]! >> 4;
          const id = data[at]! & 15;
          const counts = data.subarray(at + 1, at + 17);
          const total = counts.reduce((a, b) => a + b, 0);
          const table = buildHuffman(counts, data.slice(at + 17, at + 17 + total));
          (kind === 0 ? dcTables : acTables)[id] = table;
          at += 17 + total;
        }
        break;
      case 0xdd: // DRI
        restartInterval = (data[at]! << 8) | data[at + 1]!;
        break;
      case 0xee: // APP14 Adobe: a transform flag of 0 means RGB or CMYK, not YCbCr
        if (length >= 12 && String.fromCharCode(...data.subarray(at, at + 5)) === 'Adobe')
          adobeTransform = data[at + 11]!;
        break;
      case 0xc0:
      case 0xc1:
      case 0xc2: {
        if (data[at] !== 8) throw new UnsupportedJpeg('not 8-bit');
        const height = (data[at + 1]! << 8) | data[at + 2]!;
        const width = (data[at + 3]! << 8) | data[at + 4]!;
        const count = data[at + 5]!;
        if (count !== 1 && count !== 3) throw new UnsupportedJpeg(`${count} components`);
        if (width === 0 || height === 0) throw new UnsupportedJpeg('no size');
        const raw = [];
        for (let c = 0; c < count; c++) {
          const o = at + 6 + c * 3;
          raw.push({ id: data[o]!, h: data[o + 1]! >> 4, v: data[o + 1]! & 15, tq: data[o + 2]! });
        }
        frame = makeFrame(width, height, marker === 0xc2, raw);
        break;
      }
      case 0xda: {
        if (!frame) throw new UnsupportedJpeg('scan before frame');
        const count = data[at]!;
        const scan: Scan = { components: [], dc: [], ac: [], ss: 0, se: 63, ah: 0, al: 0 };
        for (let i = 0; i < count; i++) {
          const id = data[at + 1 + i * 2]!;
          const tables = data[at + 2 + i * 2]!;
          const comp = frame.components.find((c) => c.id === id);
          if (!comp) throw new UnsupportedJpeg('scan of an unknown component');
          scan.components.push(comp);
          scan.dc.push(dcTables[tables >> 4]!);
          scan.ac.push(acTables[tables & 15]!);
        }
        const tail = at + 1 + count * 2;
        scan.ss = data[tail]!;
        scan.se = data[tail + 1]!;
        scan.ah = data[tail + 2]! >> 4;
        scan.al = data[tail + 2]! & 15;
        decodeScan(data, end, frame, scan, restartInterval);
        pos = scanEnd(data, end);
        continue;
      }
      default:
        if (
          marker >= 0xc3 &&
          marker <= 0xcf &&
          marker !== 0xc4 &&
          marker !== 0xc8 &&
          marker !== 0xcc
        )
          throw new UnsupportedJpeg('arithmetic, lossless or hierarchical JPEG');
    }
    pos = end;
  }
  if (!frame) throw new UnsupportedJpeg('no frame');
  if (adobeTransform === 0 && frame.components.length === 3) throw new UnsupportedJpeg('RGB JPEG');
  for (const comp of frame.components) {
    const table = quantTables[comp.tq];
    if (!table) throw new UnsupportedJpeg('missing quantisation table');
    comp.quant = table;
  }
  return frame;
}
