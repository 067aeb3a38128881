import type { GalleryItem } from '@image-lab/contract';
import {
  Download,
  Ellipsis,
  Forward,
  Globe,
  PenLine,
  SquareCheck,
  Star,
  Trash2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { TileActions } from './GalleryTile';

/**
 * Every action of a tile in one menu: what a touch screen (no hover) offers instead of the
 * hover buttons, and a second way there for the keyboard.
 */
export function TileMenu({
  item,
  title,
  actions,
  className,
}: {
  item: GalleryItem;
  title: string;
  actions: TileActions;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={t('gallery.tile.more', { title })}
        title={t('gallery.tile.more', { title })}
        onClick={(event) => event.stopPropagation()}
        className={cn(
          'pointer-events-auto grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg bg-black/55 text-white transition-colors hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white data-[state=open]:opacity-100 [&_svg]:size-4',
          className,
        )}
      >
        <Ellipsis />
      </DropdownMenuTrigger>
      <DropdownMenuContent data-testid="gallery-tile-menu">
        <DropdownMenuItem
          onSelect={() => actions.toggle(item, { shiftKey: false, ctrlKey: false, metaKey: false })}
        >
          <SquareCheck />
          {t('gallery.tile.selectItem')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.edit(item)}>
          <PenLine />
          {t('gallery.tile.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.download(item)}>
          <Download />
          {t('gallery.tile.download')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.share(item)}>
          <Forward />
          {t('gallery.tile.share')}
        </DropdownMenuItem>
        {actions.writable && (
          <>
            <DropdownMenuItem onSelect={() => actions.favorite(item)}>
              <Star />
              {item.favorite ? t('gallery.tile.unfavorite') : t('gallery.tile.favorite')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.publish(item)}>
              <Globe />
              {item.published ? t('gallery.tile.unpublish') : t('gallery.tile.publish')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={() => actions.remove(item)}
              className="text-destructive data-[highlighted]:bg-destructive/10"
            >
              <Trash2 />
              {t('gallery.tile.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
