import type { GalleryItem } from '@image-lab/contract';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayWrite } from '@/hooks/use-may-write';
import { showBatch } from '@/features/batch/queue-sheet-store';
import { useBatchIntake } from '@/features/batch/use-batch-intake';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { type GalleryTab } from './gallery-api';
import { useGalleryKeys } from './gallery-keys';
import { GalleryGrid } from './GalleryGrid';
import { GalleryEmpty, GalleryFailed, GalleryLoading, LoadingMore } from './GalleryStates';
import { GalleryToolbar } from './GalleryToolbar';
import type { TileActions } from './GalleryTile';
import { tileSources } from './image-sources';
import { Lightbox, type LightboxItem } from './Lightbox';
import { OpenSharedDialog } from './OpenSharedDialog';
import { PublishDialog } from './PublishDialog';
import {
  EMPTY_SELECTION,
  pruneSelection,
  selectAll,
  selectionAfterClick,
  toggleSelected,
} from './selection';
import { ShareDialog } from './ShareDialog';
import { ShareLinksDialog } from './ShareLinksDialog';
import { imageDownload, useSaveFile } from './save-file';
import { useTileText } from './tile-text';
import { useGalleryActions } from './use-gallery-actions';
import { useGalleryPages } from './use-gallery-pages';
import { useQuickShare } from './use-shares';

type Dialog =
  | { kind: 'delete'; ids: string[] }
  | { kind: 'publish'; id: string }
  | { kind: 'share'; ids: string[] | null }
  | { kind: 'links' }
  | { kind: 'open' };

/**
 * The gallery screen (working areas §2): tabs, a masonry of every image with selection, drag to
 * reorder, favourites, sharing and deleting, and a lightbox. It follows changes made elsewhere.
 */
export function GalleryView({ onEdit }: { onEdit(id: string): void }) {
  const { t } = useTranslation();
  const text = useTileText();
  const save = useSaveFile();
  const download = (item: GalleryItem) => {
    const file = imageDownload(item.url, item.prompt);
    void save(file.href, file.filename);
  };
  const quickShare = useQuickShare();
  const [tab, setTab] = useState<GalleryTab>('all');
  const [favorites, setFavorites] = useState(false);
  const filter = useMemo(() => ({ type: tab, favorites }), [tab, favorites]);
  const pages = useGalleryPages(filter);
  const { items } = pages;
  const order = useMemo(() => items.map((item) => item.id), [items]);
  const [rawSelection, setSelection] = useState(EMPTY_SELECTION);
  // Images deleted elsewhere, or filtered away, leave the selection by themselves.
  const selection = useMemo(() => pruneSelection(rawSelection, order), [rawSelection, order]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [lightboxAt, setLightboxAt] = useState<number | null>(null);
  const actions = useGalleryActions(filter);

  const selectedIds = () => order.filter((id) => selection.ids.has(id));
  const intake = useBatchIntake({
    guest: false,
    onStarted: (batch) => {
      setSelection(EMPTY_SELECTION);
      showBatch(batch.id);
    },
  });

  const writable = useMayWrite();
  const handlers: Omit<TileActions, 'writable'> = {
    activate: (item, modifiers) => {
      const next = selectionAfterClick(selection, item.id, order, modifiers);
      if (next) setSelection(next);
      else setLightboxAt(order.indexOf(item.id));
    },
    toggle: (item, modifiers) =>
      setSelection(
        modifiers.shiftKey
          ? (selectionAfterClick(selection, item.id, order, modifiers) ?? selection)
          : toggleSelected(selection, item.id),
      ),
    favorite: (item) => actions.favorite.mutate({ id: item.id, value: !item.favorite }),
    publish: (item) =>
      item.published
        ? actions.publish.mutate({ id: item.id, value: false })
        : setDialog({ kind: 'publish', id: item.id }),
    edit: (item) => onEdit(item.id),
    download: (item) => download(item),
    share: (item) => quickShare(item.id),
    remove: (item) => setDialog({ kind: 'delete', ids: [item.id] }),
  };
  // Tiles get one unchanging set of actions (so scrolling re-renders none of them) that always
  // calls the newest handlers.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const tileActions = useMemo<TileActions>(
    () => ({
      writable,
      activate: (item, modifiers) => latest.current.activate(item, modifiers),
      toggle: (item, modifiers) => latest.current.toggle(item, modifiers),
      favorite: (item) => latest.current.favorite(item),
      publish: (item) => latest.current.publish(item),
      edit: (item) => latest.current.edit(item),
      download: (item) => latest.current.download(item),
      share: (item) => latest.current.share(item),
      remove: (item) => latest.current.remove(item),
    }),
    [writable],
  );

  const lightboxOpen = lightboxAt !== null;
  const lightboxItems = useMemo<LightboxItem[]>(
    () =>
      lightboxOpen
        ? items.map((item) => ({
            id: item.id,
            title: text.title(item),
            subtitle: text.time(item.createdAt),
            sources: tileSources(item.url, window.innerWidth, window.devicePixelRatio),
            thumb: tileSources(item.url, 56)[0]!,
          }))
        : [],
    [lightboxOpen, items, text],
  );
  const byId = (id: string) => items.find((item) => item.id === id);
  // An image deleted elsewhere while it was open closes the lightbox.
  const lightboxShown = lightboxAt !== null && lightboxItems[lightboxAt] !== undefined;
  const keysOn = dialog === null && !lightboxShown && !intake.dialogOpen;
  useGalleryKeys(keysOn, selection.ids.size > 0, (action) => {
    if (action === 'selectAll') setSelection(selectAll(order));
    else if (action === 'clear') setSelection(EMPTY_SELECTION);
    else setDialog({ kind: 'delete', ids: selectedIds() });
  });

  const closeDialog = () => setDialog(null);
  const confirmDelete = (ids: string[]) =>
    actions.remove.mutate(ids, {
      onSuccess: () => {
        setDialog(null);
        setSelection(EMPTY_SELECTION);
        setLightboxAt(null);
      },
    });

  return (
    <section
      className="relative grid gap-4"
      aria-labelledby="gallery-heading"
      data-testid="gallery-view"
      {...(writable ? intake.dropHandlers : {})}
    >
      <h2 id="gallery-heading" className="sr-only">
        {t('gallery.title')}
      </h2>
      <GalleryToolbar
        tab={tab}
        onTab={(next) => {
          setTab(next);
          setLightboxAt(null);
          setSelection(EMPTY_SELECTION);
        }}
        favorites={favorites}
        onFavorites={(on) => {
          setFavorites(on);
          setSelection(EMPTY_SELECTION);
        }}
        shown={items.length}
        selected={selection.ids.size}
        onSelectAll={() => setSelection(selectAll(order))}
        onClear={() => setSelection(EMPTY_SELECTION)}
        onDeleteSelected={
          writable ? () => setDialog({ kind: 'delete', ids: selectedIds() }) : undefined
        }
        onShare={() =>
          setDialog({ kind: 'share', ids: selection.ids.size > 0 ? selectedIds() : null })
        }
        onLinks={() => setDialog({ kind: 'links' })}
        onOpenShared={() => setDialog({ kind: 'open' })}
        onBatch={writable ? () => intake.applyTo({ ids: selectedIds() }) : undefined}
        onBatchFolder={writable ? intake.chooseFolder : undefined}
        onBatchFiles={writable ? intake.chooseFiles : undefined}
      />
      {writable && intake.element}
      {pages.isPending ? (
        <GalleryLoading />
      ) : pages.isError && items.length === 0 ? (
        <GalleryFailed onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <GalleryEmpty filtered={tab !== 'all' || favorites} />
      ) : (
        <>
          <GalleryGrid
            items={items}
            order={order}
            selected={selection.ids}
            actions={tileActions}
            onMove={(id, move) => actions.reorder.mutate({ id, move })}
            onEndReached={() => void pages.fetchNextPage()}
            canLoadMore={pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError}
          />
          {pages.isFetchingNextPage && <LoadingMore />}
        </>
      )}
      {lightboxShown && (
        <Lightbox
          items={lightboxItems}
          index={lightboxAt}
          onIndex={setLightboxAt}
          onClose={() => setLightboxAt(null)}
          onDownload={(shown) => {
            const item: GalleryItem | undefined = byId(shown.id);
            if (item) download(item);
          }}
          onSendToEdit={(shown) => onEdit(shown.id)}
        />
      )}
      <ConfirmDeleteDialog
        open={dialog?.kind === 'delete'}
        count={dialog?.kind === 'delete' ? dialog.ids.length : 0}
        deleting={actions.remove.isPending}
        onCancel={closeDialog}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.ids)}
      />
      <PublishDialog
        open={dialog?.kind === 'publish'}
        publishing={actions.publish.isPending}
        onCancel={closeDialog}
        onConfirm={() =>
          dialog?.kind === 'publish' &&
          actions.publish.mutate({ id: dialog.id, value: true }, { onSettled: closeDialog })
        }
      />
      {dialog?.kind === 'share' && <ShareDialog open imageIds={dialog.ids} onClose={closeDialog} />}
      {dialog?.kind === 'links' && <ShareLinksDialog open onClose={closeDialog} />}
      {dialog?.kind === 'open' && <OpenSharedDialog open onClose={closeDialog} />}
    </section>
  );
}
