/**
 * The least-squares straight line v = offset + slope · u through (u, v) points; a flat line
 * through their mean when the u are all alike.
 */
export function leastSquaresLine(points: ReadonlyArray<readonly [number, number]>) {
  const n = points.length;
  let su = 0;
  let sv = 0;
  let suu = 0;
  let suv = 0;
  for (const [u, v] of points) {
    su += u;
    sv += v;
    suu += u * u;
    suv += u * v;
  }
  const spread = n * suu - su * su;
  const slope = spread > 1e-9 ? (n * suv - su * sv) / spread : 0;
  const offset = (sv - slope * su) / n;
  return { offset, slope, at: (u: number) => offset + slope * u };
}

/**
 * The line x = a + b·y most of the points (y, x) lie on, and how far most of them lie from it
 * (70th percentile). Most of the outline, not all: a light patch of a painting may bite into
 * its edge, and pulls a least-squares line askew; so the line is the one, of the least-squares
 * line and those through pairs of rows half the side apart, that most points lie close to.
 */
export function robustLine(points: ReadonlyArray<readonly [number, number]>) {
  const n = points.length;
  if (n < 3) return null;
  const spread = (offset: number, slope: number) =>
    points.map(([y, x]) => Math.abs(x - offset - slope * y)).sort((a, b) => a - b)[
      Math.floor(n * 0.7)
    ]!;
  let best = leastSquaresLine(points);
  let residual = spread(best.offset, best.slope);
  const half = n >> 1;
  for (let i = 0; i + half < n; i++) {
    const [y1, x1] = points[i]!;
    const [y2, x2] = points[i + half]!;
    if (y2 === y1) continue;
    const slope = (x2 - x1) / (y2 - y1);
    const offset = x1 - slope * y1;
    const r = spread(offset, slope);
    if (r < residual) {
      residual = r;
      best = { offset, slope, at: (y: number) => offset + slope * y };
    }
  }
  return { at: best.at, residual };
}
