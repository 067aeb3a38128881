import {
  ArrowDown,
  ArrowUp,
  BringToFront,
  Download,
  SendToBack,
  Share2,
  Trash2,
} from 'lucide-react';
import { ContextMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export type OrderAction = 'bringToFront' | 'bringForward' | 'sendBackward' | 'sendToBack';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-40 [&_svg]:size-4';

const ORDER: [OrderAction, ReactNode][] = [
  ['bringToFront', <BringToFront key="f" />],
  ['bringForward', <ArrowUp key="u" />],
  ['sendBackward', <ArrowDown key="d" />],
  ['sendToBack', <SendToBack key="b" />],
];

/**
 * The board's right-click menu (working areas §2): ordering, share, download and delete for the
 * selection. Right-clicking an image selects it first (the canvas does that on pointer down).
 */
export function BoardContextMenu({
  children,
  count,
  readOnly,
  onOrder,
  onShare,
  onDownload,
  onDelete,
}: {
  children: ReactNode;
  count: number;
  readOnly: boolean;
  onOrder(action: OrderAction): void;
  onShare(): void;
  onDownload(format: 'jpg' | 'png'): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const none = count === 0;
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content
          data-testid="board-context-menu"
          className="z-50 min-w-52 rounded-xl border bg-card p-1.5 text-foreground shadow-xl"
        >
          {none && (
            <ContextMenu.Label className="px-2.5 py-1.5 text-xs text-muted-foreground">
              {t('whiteboard.menu.empty')}
            </ContextMenu.Label>
          )}
          {ORDER.map(([action, icon]) => (
            <ContextMenu.Item
              key={action}
              className={itemClass}
              disabled={none || readOnly}
              onSelect={() => onOrder(action)}
            >
              {icon}
              {t(`whiteboard.menu.${action}`)}
            </ContextMenu.Item>
          ))}
          <ContextMenu.Separator className="my-1 h-px bg-border" />
          <ContextMenu.Item className={itemClass} disabled={none} onSelect={onShare}>
            <Share2 />
            {t('whiteboard.menu.share')}
          </ContextMenu.Item>
          {(['jpg', 'png'] as const).map((format) => (
            <ContextMenu.Item
              key={format}
              className={itemClass}
              disabled={none}
              onSelect={() => onDownload(format)}
            >
              <Download />
              {t(`whiteboard.menu.${format === 'jpg' ? 'downloadJpg' : 'downloadPng'}`)}
            </ContextMenu.Item>
          ))}
          <ContextMenu.Separator className="my-1 h-px bg-border" />
          <ContextMenu.Item
            className={cn(itemClass, 'text-destructive data-[highlighted]:bg-destructive/10')}
            disabled={none || readOnly}
            onSelect={onDelete}
          >
            <Trash2 />
            {count > 1 ? t('whiteboard.menu.deleteMany', { count }) : t('whiteboard.menu.delete')}
          </ContextMenu.Item>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
