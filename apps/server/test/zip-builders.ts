import { ZipFile } from 'yazl';

export interface ZipInput {
  name: string;
  data: Buffer;
  /** Deflate (default) or store. */
  compress?: boolean;
}

/** A zip as zip programs make it (yazl), for uploads in tests. */
export function yazlZip(entries: readonly ZipInput[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, { compress: entry.compress ?? true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Rewrites the uncompressed size every header of the zip declares for its entries, as a
 * decompression bomb lies about its size. Enough for yazl's zips (no ZIP64, no data descriptor
 * sizes read by yauzl).
 */
export function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}
