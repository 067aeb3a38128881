import { Download, Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import type { DownloadFormat } from '@/lib/images/image-urls';
import { useDownloadAll } from './use-download-all';

const loadMenu = () => import('./DownloadMenuContent');
const DownloadMenuContent = lazy(() =>
  loadMenu().then((m) => ({ default: m.DownloadMenuContent })),
);

/**
 * JPG and PNG of the image on the canvas, and "Download all" of the session as a zip.
 * `disabled` means there is no image on the canvas: the single downloads are off, while
 * "Download all" stays available (and says 'No Images' when there is nothing to zip).
 */
export function DownloadMenu({
  disabled,
  onDownload,
}: {
  disabled: boolean;
  onDownload(format: DownloadFormat): void;
}) {
  const { t } = useTranslation();
  const { downloadAll, preparing } = useDownloadAll();
  const menu = useLazyMenu();
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('editor.download.title')}
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    >
      {preparing ? <Loader2 className="animate-spin" /> : <Download />}
    </Button>
  );
  const withTooltip = <Tooltip content={t('editor.download.title')}>{trigger}</Tooltip>;
  if (!menu.wanted) return withTooltip;
  return (
    <Suspense fallback={withTooltip}>
      <DownloadMenuContent
        trigger={trigger}
        open={menu.open}
        onOpenChange={menu.onOpenChange}
        disabled={disabled}
        preparing={preparing}
        onDownload={onDownload}
        onDownloadAll={() => void downloadAll()}
      />
    </Suspense>
  );
}
