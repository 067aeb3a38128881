import { ImagePlus, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The empty canvas: one big target to browse for an image (or drop one on it). */
export function BlankCanvas({ onBrowse }: { onBrowse(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onBrowse}
      data-testid="blank-canvas"
      className="group flex size-full cursor-pointer flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed border-border p-6 text-center transition-colors hover:border-primary/60 hover:bg-primary/5"
    >
      <span className="grid size-16 place-items-center rounded-2xl bg-primary/10 text-primary transition-transform group-hover:scale-105">
        <ImagePlus className="size-8" />
      </span>
      <span className="text-lg font-semibold">{t('editor.canvas.blankTitle')}</span>
      <span className="max-w-sm text-sm text-muted-foreground">{t('editor.canvas.blankBody')}</span>
      <span className="inline-flex items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-sm">
        <Upload className="size-4" />
        {t('editor.canvas.browse')}
      </span>
      <span className="text-xs text-muted-foreground">{t('editor.canvas.formats')}</span>
    </button>
  );
}
