/** The slideshow wraps both ways: after the last comes the first (working areas §4). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
