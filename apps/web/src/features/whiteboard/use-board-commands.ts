import {
  WHITEBOARD_DEFAULT_HEIGHT,
  WHITEBOARD_DEFAULT_WIDTH,
  WHITEBOARD_ITEMS_MAX,
  type WhiteboardItem,
} from '@image-lab/contract';
import type { Layer } from 'konva/lib/Layer';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from '@/lib/images/use-download';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/save-blob';
import {
  actionAddImages,
  actionBringForward,
  actionBringToFront,
  actionDeleteItems,
  actionSendBackward,
  actionSendToBack,
} from './actions';
import type { BoardStore } from './board-store';
import type { OrderAction } from './components/BoardContextMenu';
import { cascade, gridLayout } from './drop';
import { boardPng } from './export';
import {
  DEFAULT_VIEW,
  toBoard,
  visibleRect,
  zoomAt,
  ZOOM_STEP,
  type Point,
  type View,
} from './view';

const ORDER_ACTIONS = {
  bringToFront: actionBringToFront,
  bringForward: actionBringForward,
  sendBackward: actionSendBackward,
  sendToBack: actionSendToBack,
} as const;

/** What the toolbar, the context menu and drops do to the board. */
export function useBoardCommands({
  store,
  view,
  setView,
  size,
  itemsLayerRef,
  menuTarget,
  exportBackground,
}: {
  store: BoardStore;
  view: View;
  setView: Dispatch<SetStateAction<View>>;
  size: { width: number; height: number };
  itemsLayerRef: RefObject<Layer | null>;
  menuTarget: string | null;
  exportBackground: string;
}) {
  const { t } = useTranslation();
  const download = useDownload();
  const center = { x: size.width / 2, y: size.height / 2 };

  /** The item a menu command is about: the one right-clicked, else the first selected. */
  const target = (): WhiteboardItem | undefined => {
    const { items, selected } = store.state;
    const id = menuTarget && selected.includes(menuTarget) ? menuTarget : selected[0];
    return items.find((item) => item.id === id);
  };

  /** New images: a cascade from a drop point, or rows in the middle of the view. */
  const place = (imageUrls: string[], screen: Point | null) => {
    if (store.state.items.length + imageUrls.length > WHITEBOARD_ITEMS_MAX) {
      toast({ title: t('whiteboard.toast.full'), description: t('whiteboard.toast.fullBody') });
    }
    let positions: Point[];
    if (screen) {
      const at = toBoard(view, screen);
      positions = imageUrls.map((_, i) => cascade(at, i));
    } else {
      const area = visibleRect(view, size);
      // As many per row as fit on screen (at most 4), so a phone shows what it added.
      const fits = Math.floor((area.width - 16 / view.scale) / (WHITEBOARD_DEFAULT_WIDTH + 20));
      const perRow = Math.max(1, Math.min(4, imageUrls.length, fits));
      const laid = gridLayout({ x: 0, y: 0 }, imageUrls.length, perRow);
      const width = Math.max(...laid.map((p) => p.x)) + WHITEBOARD_DEFAULT_WIDTH;
      const height = Math.max(...laid.map((p) => p.y)) + WHITEBOARD_DEFAULT_HEIGHT;
      const origin = {
        x: Math.round(area.x + (area.width - width) / 2),
        y: Math.round(area.y + Math.max(16 / view.scale, (area.height - height) / 2)),
      };
      positions = laid.map((p) => ({ x: origin.x + p.x, y: origin.y + p.y }));
    }
    store.run(actionAddImages, {
      images: imageUrls.map((imageUrl, i) => ({ imageUrl, ...positions[i]! })),
    });
  };

  const share = async () => {
    const item = target();
    if (!item) return;
    try {
      await navigator.clipboard.writeText(new URL(item.imageUrl, window.location.origin).href);
      toast({
        title: t('whiteboard.toast.linkCopied'),
        description: t('whiteboard.toast.linkCopiedBody'),
      });
    } catch {
      toast({ title: t('copy.failed'), description: t('copy.failedBody'), variant: 'destructive' });
    }
  };

  const exportPng = async () => {
    const layer = itemsLayerRef.current;
    const blob = layer ? await boardPng(layer, store.state.items, exportBackground) : null;
    if (!blob) {
      toast({ title: t('whiteboard.toast.exportFailed'), variant: 'destructive' });
      return;
    }
    saveBlob(blob, 'whiteboard.png');
    toast({ title: t('editor.download.started') });
  };

  return {
    place,
    order: (action: OrderAction) => store.run(ORDER_ACTIONS[action], undefined),
    remove: () => store.run(actionDeleteItems, undefined),
    share: () => void share(),
    download: (format: 'jpg' | 'png') => {
      const item = target();
      if (item) void download(item.imageUrl, format, 'whiteboard');
    },
    exportPng: () => void exportPng(),
    zoom: (direction: 1 | -1) =>
      setView((v) => zoomAt(v, direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, center)),
    resetView: () => setView(DEFAULT_VIEW),
  };
}
