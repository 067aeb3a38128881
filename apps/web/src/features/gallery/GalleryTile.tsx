import type { GalleryItem } from '@image-lab/contract';
import { useSortable } from '@dnd-kit/sortable';
import { Check, Download, Forward, Globe, GripVertical, PenLine, Star, Trash2 } from 'lucide-react';
import { memo, type KeyboardEventHandler, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { blurSrc, tileSources } from './image-sources';
import { LazyImage } from './LazyImage';
import type { ClickModifiers } from './selection';
import { TileMenu } from './TileMenu';
import { useTileText } from './tile-text';

export interface TileActions {
  /** False for a read-only viewer of a shared account: no favourite, publish or delete. */
  writable: boolean;
  activate(item: GalleryItem, modifiers: ClickModifiers): void;
  toggle(item: GalleryItem, modifiers: ClickModifiers): void;
  favorite(item: GalleryItem): void;
  publish(item: GalleryItem): void;
  edit(item: GalleryItem): void;
  download(item: GalleryItem): void;
  share(item: GalleryItem): void;
  remove(item: GalleryItem): void;
}

const modifiersOf = (event: MouseEvent) => ({
  shiftKey: event.shiftKey,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
});

// Controls show on hover and while the keyboard is inside the tile. Touch screens have no hover:
// there they are not drawn at all (no invisible button under a finger) and the "more" menu,
// always shown, holds every action.
const reveal =
  'opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100';
const noTouch = '[@media(hover:none)]:hidden';
/** The keyboard's drag handle: the pointer drags the whole tile, so hover does not need it. */
const keyboardOnly = 'opacity-0 group-focus-within:opacity-100';

const iconButton =
  'pointer-events-auto grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg bg-black/55 text-white transition-colors hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white [&_svg]:size-4';

function IconButton({
  label,
  onClick,
  children,
  pressed,
  className,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
  pressed?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      className={cn(iconButton, className)}
    >
      {children}
    </button>
  );
}

/** One image of the gallery grid, captioned: click to open, select, drag to reorder, act on hover. */
export const GalleryTile = memo(function GalleryTile({
  item,
  width,
  selected,
  selecting,
  compact,
  priority,
  actions,
}: {
  item: GalleryItem;
  width: number;
  /** Short: a one-line caption and no time. */
  compact: boolean;
  priority: boolean;
  selected: boolean;
  selecting: boolean;
  actions: TileActions;
}) {
  const { t } = useTranslation();
  const text = useTileText();
  const title = text.title(item);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging, isOver } =
    useSortable({ id: item.id });
  // Pointers drag by the whole tile; the keyboard drags by the grip button only.
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const keyListeners = { onKeyDown: onKeyDown as KeyboardEventHandler | undefined };
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return (
    <div
      ref={setNodeRef}
      // The whole tile is the pointer handle; the keyboard handle is the grip button.
      role="group"
      aria-label={title}
      {...pointerListeners}
      data-testid="gallery-tile"
      data-selected={selected || undefined}
      className={cn(
        'group relative size-full select-none overflow-hidden rounded-xl bg-muted shadow-sm ring-offset-2 ring-offset-background transition-shadow',
        selected && 'ring-3 ring-primary',
        isDragging && 'opacity-40',
        isOver && !isDragging && 'ring-3 ring-primary/60',
      )}
    >
      <button
        type="button"
        onClick={(event) => actions.activate(item, modifiersOf(event))}
        aria-label={t('gallery.tile.open', { title })}
        className="absolute inset-0 block cursor-zoom-in outline-none focus-visible:ring-3 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <LazyImage
          key={item.url}
          sources={tileSources(item.url, width, dpr)}
          placeholder={blurSrc(item.url)}
          alt={title}
          priority={priority}
        />
      </button>
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-1 p-2">
        <button
          type="button"
          role="checkbox"
          aria-checked={selected}
          aria-label={t('gallery.tile.select', { title })}
          onClick={(event) => {
            event.stopPropagation();
            actions.toggle(item, modifiersOf(event));
          }}
          className={cn(
            'pointer-events-auto grid size-7 cursor-pointer place-items-center rounded-md border-2 border-white bg-black/35 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
            selected && 'border-primary bg-primary',
            !selected && !selecting && cn(reveal, noTouch),
          )}
        >
          {selected && <Check className="size-4" strokeWidth={3} />}
        </button>
        <div className="ml-auto flex gap-1">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...keyListeners}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('gallery.tile.reorder', { title })}
            title={t('gallery.tile.reorderHint')}
            className={cn(iconButton, 'cursor-grab', keyboardOnly, noTouch)}
          >
            <GripVertical />
          </button>
          {actions.writable && (
            <IconButton
              label={item.favorite ? t('gallery.tile.unfavorite') : t('gallery.tile.favorite')}
              pressed={item.favorite}
              onClick={() => actions.favorite(item)}
              className={cn(!item.favorite && cn(reveal, noTouch))}
            >
              <Star className={cn(item.favorite && 'fill-amber-400 text-amber-400')} />
            </IconButton>
          )}
          {/* Published images show their globe at all times (everyone can see them); publishing
              is in the menu. */}
          {item.published && actions.writable && (
            <IconButton
              label={t('gallery.tile.unpublish')}
              pressed
              onClick={() => actions.publish(item)}
            >
              <Globe className="text-sky-300" />
            </IconButton>
          )}
          <TileMenu
            item={item}
            title={title}
            actions={actions}
            className={cn(reveal, '[@media(hover:none)]:opacity-100')}
          />
        </div>
      </div>
      {/* The caption (the prompt, else the file name) is always there; time and buttons join
          it on hover and focus. */}
      <div
        className={cn(
          'pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/50 to-transparent p-2 pt-6 text-white',
        )}
      >
        <p
          data-testid="gallery-tile-caption"
          className={cn(
            'text-xs font-medium leading-snug',
            compact ? 'line-clamp-1' : 'line-clamp-2',
          )}
        >
          {title}
        </p>
        <time
          dateTime={item.createdAt}
          className={cn(
            'mt-0.5 hidden text-[11px] text-white/80 [@media(hover:hover)]:group-hover:block [@media(hover:hover)]:group-focus-within:block',
            compact && '!hidden',
          )}
        >
          {text.time(item.createdAt)}
        </time>
        <div className="mt-1.5 hidden flex-wrap gap-1 [@media(hover:hover)]:group-hover:flex [@media(hover:hover)]:group-focus-within:flex">
          <IconButton label={t('gallery.tile.edit')} onClick={() => actions.edit(item)}>
            <PenLine />
          </IconButton>
          <IconButton label={t('gallery.tile.download')} onClick={() => actions.download(item)}>
            <Download />
          </IconButton>
          <IconButton label={t('gallery.tile.share')} onClick={() => actions.share(item)}>
            <Forward />
          </IconButton>
          {actions.writable && (
            <IconButton label={t('gallery.tile.delete')} onClick={() => actions.remove(item)}>
              <Trash2 />
            </IconButton>
          )}
        </div>
      </div>
    </div>
  );
});
