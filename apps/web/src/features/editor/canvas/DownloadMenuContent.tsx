import { FileArchive, FileImage, Loader2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import type { DownloadFormat } from '@/lib/images/image-urls';

const disabledItem = 'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

/** The download choices behind the toolbar's button; loaded when the menu is first opened. */
export function DownloadMenuContent({
  trigger,
  open,
  onOpenChange,
  disabled,
  preparing,
  onDownload,
  onDownloadAll,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange(open: boolean): void;
  disabled: boolean;
  preparing: boolean;
  onDownload(format: DownloadFormat): void;
  onDownloadAll(): void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip content={t('editor.download.title')}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
        <DropdownMenuItem disabled={preparing} className={disabledItem} onSelect={onDownloadAll}>
          {preparing ? <Loader2 className="animate-spin" /> : <FileArchive />}
          {preparing ? t('editor.downloadAll.preparing') : t('editor.downloadAll.menu')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
