export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
// Generic HEIF brands: the same container holds HEVC (HEIC) or AV1 (AVIF) pictures.
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The brands of an ISO-BMFF `ftyp` box: the major brand first, then the compatible ones. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  return brands.map((brand) => brand.replace(/\0/g, ' ').trim().toLowerCase());
}

function heifFlavour(brands: string[]): ImageType | null {
  const [major] = brands;
  if (major && AVIF_BRANDS.has(major)) return 'avif';
  if (major && HEIC_BRANDS.has(major)) return 'heic';
  // A generic major brand (mif1) says nothing about the codec: the compatible brands do.
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  if (major && GENERIC_HEIF_BRANDS.has(major)) return 'heic';
  return null;
}

/** The image type from the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  return brands ? heifFlavour(brands) : null;
}
