import type { EditedImageRecord } from '@image-lab/contract';
import { workingSize } from '@image-lab/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { useIsGuest } from '@/providers/editor-mode';

/** 1600 × 960, never broken across lines. */
const sizeText = ({ width, height }: { width: number; height: number }) =>
  `${width}\u00a0×\u00a0${height}`;

/**
 * Under an upload on the canvas: the original is kept as it came, at its size, and — when it is
 * larger than the largest preset — that edits work on a smaller copy (docs/decisions/041).
 */
export function OriginalNotice({ record }: { record: EditedImageRecord }) {
  const { t } = useTranslation();
  // A guest's upload is a day's working file, not a kept original.
  const guest = useIsGuest();
  if (guest || record.imageType !== 'upload' || record.model !== 'upload') return null;
  const { width, height } = record;
  const working = workingSize(width, height);
  const size = sizeText(record);
  const shrunk = working.width !== width || working.height !== height;
  return (
    <p
      data-testid="original-notice"
      className="pointer-events-none absolute inset-x-4 bottom-4 z-10 mx-auto w-fit rounded-xl bg-background/85 px-3 py-1 text-center text-xs text-balance text-foreground shadow-sm backdrop-blur-sm"
    >
      {shrunk
        ? t('editor.canvas.originalShrunk', { size, workSize: sizeText(working) })
        : t('editor.canvas.originalKept', { size })}
    </p>
  );
}
