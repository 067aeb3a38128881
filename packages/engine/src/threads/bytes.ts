/** Bytes come across threads as Uint8Array; sharp, storage and the encoders want Buffers. */
export const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A value that crossed threads with every Uint8Array in it (at any depth) a Buffer again. */
export function withBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) return (Buffer.isBuffer(value) ? value : asBuffer(value)) as T;
  if (Array.isArray(value)) return value.map(withBuffers) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withBuffers(inner)]),
    ) as T;
  }
  return value;
}
