import { Download, FileArchive, FileImage, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import type { DownloadFormat } from './image-urls';
import { useDownloadAll } from './use-download-all';

const disabledItem = 'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

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
  return (
    <DropdownMenu>
      <Tooltip content={t('editor.download.title')}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('editor.download.title')}>
            {preparing ? <Loader2 className="animate-spin" /> : <Download />}
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent>
        <DropdownMenuItem
          disabled={disabled}
          className={disabledItem}
          onSelect={() => onDownload('jpg')}
        >
          <FileImage />
          {t('editor.download.jpg')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={disabled}
          className={disabledItem}
          onSelect={() => onDownload('png')}
        >
          <FileImage />
          {t('editor.download.png')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={preparing}
          className={disabledItem}
          onSelect={() => void downloadAll()}
        >
          {preparing ? <Loader2 className="animate-spin" /> : <FileArchive />}
          {preparing ? t('editor.downloadAll.preparing') : t('editor.downloadAll.menu')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
