import type { WhiteboardBoard, WhiteboardUpdatedEvent } from '@image-lab/contract';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeAccountEvent, type AccountEventType } from '@/lib/live/account-events';
import { toast } from '@/hooks/use-toast';
import { loadBoard, saveBoard } from './api';
import type { BoardStore } from './board-store';
import { BoardSync, type BoardReason, type SaveStatus } from './board-sync';
import type { View } from './view';

// The tab's one stream of /api/events forwards every event type; this one is the board's.
const WHITEBOARD_UPDATED = 'whiteboard-updated' as AccountEventType;

/**
 * Loads the project's board into the store, saves the store's changes (debounced, with the
 * version), takes the server's board on a 409 with a toast, and reloads when another device
 * saved. `onBoard` hears every board that replaces the one on screen.
 */
export function useBoardSync({
  projectId,
  store,
  viewRef,
  readOnly,
  enabled,
  onBoard,
}: {
  projectId: string | null;
  store: BoardStore;
  viewRef: RefObject<View>;
  readOnly: boolean;
  enabled: boolean;
  onBoard(board: WhiteboardBoard, reason: BoardReason): void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SaveStatus>('loading');
  const [failed, setFailed] = useState(false);
  const current = useRef<BoardSync | null>(null);

  const boardArrived = useEffectEvent(
    (board: WhiteboardBoard, reason: BoardReason, conflicts?: string[], changedBy?: string) => {
      setFailed(false);
      const items = board.document.items;
      if (reason === 'merged') store.merge(items);
      else if (conflicts) store.takeTheirs(items);
      else store.replace(items);
      onBoard(board, reason);
      if (conflicts) {
        toast({
          title: t('whiteboard.toast.sameImage'),
          description: changedBy
            ? t('whiteboard.toast.samePersonImageBody', {
                count: conflicts.length,
                name: changedBy,
              })
            : t('whiteboard.toast.sameImageBody', { count: conflicts.length }),
        });
      } else if (reason === 'conflict') {
        toast({
          title: t('whiteboard.toast.conflict'),
          description: t('whiteboard.toast.conflictBody'),
        });
      }
    },
  );
  const failedTo = useEffectEvent((during: 'load' | 'save') => {
    if (during === 'load') return setFailed(true);
    toast({
      title: t('whiteboard.toast.saveFailed'),
      description: t('whiteboard.toast.saveFailedBody'),
      variant: 'destructive',
    });
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const sync = new BoardSync({
      projectId,
      readOnly,
      load: () => loadBoard(projectId),
      save: saveBoard,
      view: () => viewRef.current,
      onBoard: (board, reason, conflicts, changedBy) =>
        boardArrived(board, reason, conflicts, changedBy),
      onStatus: setStatus,
      onError: (_error, during) => failedTo(during),
    });
    current.current = sync;
    void sync.load();
    const unsubscribeStore = store.subscribe(() => sync.change(store.state.items));
    const unsubscribeEvents = subscribeAccountEvent(WHITEBOARD_UPDATED, (data) => {
      const event = data as WhiteboardUpdatedEvent | null;
      if (event && (event.projectId ?? null) === projectId) sync.remoteChanged(event.version);
    });
    // Leaving the page or the screen sends what is still waiting.
    const flush = () => void sync.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      unsubscribeEvents();
      unsubscribeStore();
      void sync.flush().finally(() => sync.dispose());
    };
  }, [enabled, projectId, readOnly, store, viewRef]);

  return { status, failed, retry: () => void current.current?.load() };
}
