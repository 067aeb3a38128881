/** Rows (shares of the height) just beside the line a column's surface is read from. */
const NEAR = 0.05;
const READ = 0.04;
/** Share of a stretch's pixels of one surface for it to count as that surface. */
const MOSTLY = 0.7;
/** Share of a row's few pixels the surface must keep for the walk to go on. */
const GOES_ON = 0.5;
/** Columns on either side a column's line is the median of. */
const SMOOTH = 4;

export interface Surfaces {
  /** Plain pixels of the wall's colour, nearer it than the floor's. */
  isWall: (p: number) => boolean;
  /** Pixels a piece's box covers: neither surface can be read there. */
  hidden: Uint8Array;
}

/**
 * Per column of the working grid, the row where the wall meets the floor. One row for the
 * whole room holds where the back wall meets it; a side wall meets the floor lower down,
 * nearer the camera, down to the frame's bottom at times: with one row the side wall's bottom
 * was taken for floor and left unpainted. Where the wall lies just above the room's line it
 * is followed down as long as it goes on; elsewhere the room's line holds. (Followed up, the
 * floor's dark boards climbed a fridge's dark side: the floor keeps its row.)
 */
export function floorLineColumns(
  w: number,
  h: number,
  floorRow: number,
  surfaces: Surfaces,
): Float32Array {
  const { isWall, hidden } = surfaces;
  const wallShare = (x: number, from: number, to: number) => {
    let n = 0;
    let hits = 0;
    for (let y = Math.max(0, Math.round(from)); y < Math.min(h, Math.round(to)); y++) {
      const p = y * w + x;
      if (hidden[p]) continue;
      n++;
      if (isWall(p)) hits++;
    }
    return n === 0 ? 0 : hits / n;
  };
  /** Of the three pixels around (x, y), the share that is wall; -1 when one is hidden. */
  const wallInRow = (x: number, y: number) => {
    let n = 0;
    let hits = 0;
    for (let cx = Math.max(0, x - 1); cx <= Math.min(w - 1, x + 1); cx++) {
      const p = y * w + cx;
      if (hidden[p]) return -1;
      n++;
      if (isWall(p)) hits++;
    }
    return hits / n;
  };
  const raw = new Float32Array(w).fill(floorRow);
  const near = NEAR * h;
  const read = READ * h;
  for (let x = 0; x < w; x++) {
    if (wallShare(x, floorRow - near - read, floorRow - near) >= MOSTLY) {
      let y = Math.round(floorRow - near);
      while (y < h && wallInRow(x, y) >= GOES_ON) y++;
      if (y < h && wallInRow(x, y) < 0) continue;
      raw[x] = Math.max(floorRow, y);
    }
  }
  const rows = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const around = Array.from(raw.subarray(Math.max(0, x - SMOOTH), x + SMOOTH + 1)).sort(
      (a, b) => a - b,
    );
    rows[x] = around[around.length >> 1]!;
  }
  return rows;
}

/** Per column of a `w` × `h` grid, the row of the room's wall–floor line (see floorLines). */
export function floorRowsOn(
  room: { floorLine: number; floorLines?: Float32Array },
  w: number,
  h: number,
): Float32Array {
  const lines = room.floorLines;
  return Float32Array.from({ length: w }, (_, x) =>
    lines?.length
      ? lines[Math.min(lines.length - 1, Math.floor((x * lines.length) / w))]! * h
      : room.floorLine * h,
  );
}
