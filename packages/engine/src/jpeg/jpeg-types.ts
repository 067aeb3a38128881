/** One colour component of a JPEG and its quantised DCT blocks, in natural (row) order. */
export interface JpegComponent {
  id: number;
  /** Sampling factors. */
  h: number;
  v: number;
  /** Quantisation table id. */
  tq: number;
  /** Blocks that hold the picture, per line and per column. */
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Blocks including the padding that whole MCUs need. */
  blocksPerLineForMcu: number;
  blocksPerColumnForMcu: number;
  /** 64 coefficients per block, blocks row by row over the MCU-padded grid. */
  coefficients: Int16Array;
  /** The quantisation table, natural order. */
  quant: Uint16Array;
}

export interface JpegFrame {
  width: number;
  height: number;
  progressive: boolean;
  maxH: number;
  maxV: number;
  mcusPerLine: number;
  mcusPerColumn: number;
  components: JpegComponent[];
}

/** ZIGZAG[k]: the natural index of the k-th coefficient in zigzag order. */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
  13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52,
  45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/** Why a JPEG's blocks cannot be read here; the caller encodes from pixels instead. */
export class UnsupportedJpeg extends Error {}

/** The block geometry of a frame from its size and its components' sampling factors. */
export function makeFrame(
  width: number,
  height: number,
  progressive: boolean,
  raw: { id: number; h: number; v: number; tq: number }[],
): JpegFrame {
  const maxH = Math.max(...raw.map((c) => c.h));
  const maxV = Math.max(...raw.map((c) => c.v));
  if (maxH > 2 || maxV > 2 || raw.some((c) => c.h < 1 || c.v < 1))
    throw new UnsupportedJpeg('unusual sampling');
  const mcusPerLine = Math.ceil(width / (8 * maxH));
  const mcusPerColumn = Math.ceil(height / (8 * maxV));
  const components: JpegComponent[] = raw.map((c) => {
    const blocksPerLineForMcu = mcusPerLine * c.h;
    const blocksPerColumnForMcu = mcusPerColumn * c.v;
    return {
      ...c,
      blocksPerLine: Math.ceil(Math.ceil((width * c.h) / maxH) / 8),
      blocksPerColumn: Math.ceil(Math.ceil((height * c.v) / maxV) / 8),
      blocksPerLineForMcu,
      blocksPerColumnForMcu,
      coefficients: new Int16Array(blocksPerLineForMcu * blocksPerColumnForMcu * 64),
      quant: new Uint16Array(64),
    };
  });
  // One component alone is not interleaved: its MCU is one block.
  const single = components.length === 1;
  return {
    width,
    height,
    progressive,
    maxH: single ? 1 : maxH,
    maxV: single ? 1 : maxV,
    mcusPerLine: single ? components[0]!.blocksPerLine : mcusPerLine,
    mcusPerColumn: single ? components[0]!.blocksPerColumn : mcusPerColumn,
    components: single ? components.map((c) => ({ ...c, h: 1, v: 1 })) : components,
  };
}
