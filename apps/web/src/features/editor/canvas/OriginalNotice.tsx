import type { EditedImageRecord } from '@image-lab/contract';
import { workingSize } from '@image-lab/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { useIsGuest } from '@/providers/editor-mode';

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
  const shrunk = working.width !== width || working.height !== height;
  return (
    <p
      data-testid="original-notice"
      className="pointer-events-none absolute bottom-4 left-1/2 z-10 max-w-[calc(100%-2rem)] -translate-x-1/2 rounded-full bg-background/85 px-3 py-1 text-center text-xs text-foreground shadow-sm backdrop-blur-sm"
    >
      {shrunk
        ? t('editor.canvas.originalShrunk', {
            width,
            height,
            workWidth: working.width,
            workHeight: working.height,
          })
        : t('editor.canvas.originalKept', { width, height })}
    </p>
  );
}
