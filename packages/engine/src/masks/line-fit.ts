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
