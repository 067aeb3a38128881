import { Download, FileImage } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import type { DownloadFormat } from './image-urls';

export function DownloadMenu({
  disabled,
  onDownload,
}: {
  disabled: boolean;
  onDownload(format: DownloadFormat): void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <Tooltip content={t('editor.download.title')}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={t('editor.download.title')}
          >
            <Download />
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => onDownload('jpg')}>
          <FileImage />
          {t('editor.download.jpg')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onDownload('png')}>
          <FileImage />
          {t('editor.download.png')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
