import type { RawImage } from '@image-lab/engine';

function luma(image: RawImage, p: number) {
  return (
    0.299 * image.data[p * 3]! + 0.587 * image.data[p * 3 + 1]! + 0.114 * image.data[p * 3 + 2]!
  );
}

/** PSNR, SSIM (7×7 windows centred in the hole, luma) and streakiness in the hole. */
export function measure(result: RawImage, clean: RawImage, hole: Uint8Array) {
  const { width, height } = clean;
  let sq = 0;
  let n = 0;
  let ssim = 0;
  let windows = 0;
  const imbalance = (image: RawImage) => {
    let gx = 0;
    let gy = 0;
    for (let p = 0; p < hole.length - width - 1; p++) {
      if (!hole[p]) continue;
      gx += Math.abs(luma(image, p + 1) - luma(image, p));
      gy += Math.abs(luma(image, p + width) - luma(image, p));
    }
    return Math.abs(gx - gy) / Math.max(1, gx + gy);
  };
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 3; c++) sq += (result.data[p * 3 + c]! - clean.data[p * 3 + c]!) ** 2;
    n += 3;
    const x = p % width;
    const y = Math.floor(p / width);
    if (x % 4 || y % 4 || x < 3 || y < 3 || x >= width - 3 || y >= height - 3) continue;
    let ma = 0, mb = 0, va = 0, vb = 0, cov = 0; // prettier-ignore
    for (let dy = -3; dy <= 3; dy++) {
      for (let dx = -3; dx <= 3; dx++) {
        const a = luma(result, p + dy * width + dx);
        const b = luma(clean, p + dy * width + dx);
        ma += a;
        mb += b;
        va += a * a;
        vb += b * b;
        cov += a * b;
      }
    }
    const k = 49;
    ma /= k;
    mb /= k;
    va = va / k - ma * ma;
    vb = vb / k - mb * mb;
    cov = cov / k - ma * mb;
    const c1 = 6.5025;
    const c2 = 58.5225;
    ssim += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
    windows++;
  }
  return {
    psnr: 10 * Math.log10((255 * 255) / Math.max(1e-6, sq / n)),
    ssim: windows ? ssim / windows : 1,
    streak: imbalance(result) - imbalance(clean),
  };
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : NaN;
};
