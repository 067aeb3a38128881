import type { CurrentUser, WhiteboardBoard } from '@image-lab/contract';
import type { Layer as LayerNode } from 'konva/lib/Layer';
import type { Stage as StageNode } from 'konva/lib/Stage';
import { Check, CloudOff, Loader2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IMAGE_ACCEPT } from '@/lib/images/file-checks';
import { useTheme } from '@/providers/theme';
import { useActiveProject } from './api';
import { BOARD_COLORS } from './board-colors';
import { BoardStore, useBoardState } from './board-store';
import type { SaveStatus } from './board-sync';
import { BoardCanvas } from './components/BoardCanvas';
import { BoardContextMenu } from './components/BoardContextMenu';
import { EmptyBoard, HintsCorner } from './components/BoardHints';
import { BoardToolbar } from './components/BoardToolbar';
import { ImagePicker } from './components/ImagePicker';
import { paintOrder } from './geometry';
import { useBoardCommands } from './use-board-commands';
import { useBoardDrop } from './use-board-drop';
import { useBoardKeys } from './use-board-keys';
import { useBoardSync } from './use-board-sync';
import { useElementSize } from './use-element-size';
import { DEFAULT_VIEW, openingView, type View } from './view';
import { readSavedView, saveView } from './view-storage';

function StatusBadge({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const icon =
    status === 'saved' ? (
      <Check />
    ) : status === 'error' ? (
      <CloudOff />
    ) : (
      <Loader2 className="animate-spin" />
    );
  return (
    <span
      data-testid="save-status"
      data-status={status}
      role="status"
      className="inline-flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5"
    >
      {icon}
      {t(`whiteboard.status.${status}`)}
    </span>
  );
}

/** The whiteboard (working areas §2): the active project's board on an infinite canvas. */
export function WhiteboardPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const readOnly = user.viewing?.permissions === 'read';
  const active = useActiveProject();
  const projectId = active.data?.id ?? null;
  const [store] = useState(() => new BoardStore());
  const { state, canUndo, canRedo } = useBoardState(store);
  const [view, setView] = useState<View>(DEFAULT_VIEW);
  const viewRef = useRef<View>(view);
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<StageNode>(null);
  const itemsLayerRef = useRef<LayerNode>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const size = useElementSize(containerRef);
  const [editingChoice, setEditing] = useState(true);
  const editing = editingChoice && !readOnly;
  const [showGrid, setShowGrid] = useState(true);
  const [snapping, setSnapping] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [menuTarget, setMenuTarget] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const colors = BOARD_COLORS[useTheme().theme];

  useEffect(() => {
    viewRef.current = view;
    if (loaded) saveView(projectId, view);
  }, [view, projectId, loaded]);

  const onBoard = (board: WhiteboardBoard, reason: string) => {
    if (reason !== 'load') return;
    const kept = readSavedView(board.projectId) ?? null;
    setView(openingView(kept, board.document.view, board.document.items, size));
    setLoaded(true);
  };
  const { status, failed, retry } = useBoardSync({
    projectId,
    store,
    viewRef,
    readOnly,
    enabled: active.data !== undefined || active.isError,
    onBoard,
  });
  const commands = useBoardCommands({
    store,
    view,
    setView,
    size,
    itemsLayerRef,
    menuTarget,
    exportBackground: colors.exportBackground,
  });
  const drop = useBoardDrop({ projectId, disabled: readOnly || !loaded, place: commands.place });
  useBoardKeys(
    {
      run: (action) => !readOnly && store.run(action, undefined),
      undo: () => !readOnly && store.undo(),
      redo: () => !readOnly && store.redo(),
      zoom: commands.zoom,
      resetView: commands.resetView,
      setEditing,
    },
    loaded,
  );

  const empty = state.items.length === 0;
  const boardName = active.data ? active.data.name : t('whiteboard.defaultBoard');
  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[420px] flex-col gap-2 p-2 sm:p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 items-baseline gap-2">
          <h1 className="text-lg font-semibold tracking-tight">{t('whiteboard.title')}</h1>
          <span className="truncate text-sm text-muted-foreground" data-testid="board-name">
            {boardName}
          </span>
        </div>
        <StatusBadge status={status} />
        <div className="w-full sm:ml-auto sm:w-auto">
          <BoardToolbar
            state={{
              editing,
              showGrid,
              snapping,
              scale: view.scale,
              canUndo,
              canRedo,
              canExport: !empty,
              readOnly,
            }}
            actions={{
              setEditing,
              zoomIn: () => commands.zoom(1),
              zoomOut: () => commands.zoom(-1),
              resetView: commands.resetView,
              toggleGrid: () => setShowGrid((on) => !on),
              toggleSnap: () => setSnapping((on) => !on),
              undo: () => store.undo(),
              redo: () => store.redo(),
              add: () => setPickerOpen(true),
              upload: () => fileInput.current?.click(),
              exportPng: commands.exportPng,
            }}
          />
        </div>
      </div>
      {readOnly && <p className="text-xs text-muted-foreground">{t('whiteboard.readOnly')}</p>}
      <BoardContextMenu
        count={state.selected.length}
        readOnly={readOnly}
        onOrder={commands.order}
        onShare={commands.share}
        onDownload={commands.download}
        onDelete={commands.remove}
      >
        <div
          ref={containerRef}
          data-testid="whiteboard"
          data-item-count={state.items.length}
          data-selected-count={state.selected.length}
          aria-label={t('whiteboard.canvasLabel')}
          className={`relative min-h-0 flex-1 touch-none overflow-hidden rounded-2xl border bg-muted/30 ${editing ? '' : 'cursor-grab active:cursor-grabbing'}`}
          {...drop.dropHandlers}
        >
          {size.width > 0 && loaded && (
            <BoardCanvas
              store={store}
              items={state.items}
              selected={state.selected}
              view={view}
              setView={setView}
              size={size}
              editing={editing}
              showGrid={showGrid}
              snapping={snapping}
              colors={colors}
              stageRef={stageRef}
              itemsLayerRef={itemsLayerRef}
              onMenuTarget={setMenuTarget}
            />
          )}
          <ol className="sr-only" aria-label={t('whiteboard.itemsLabel')} data-testid="board-items">
            {paintOrder(state.items).map((item, i) => (
              <li
                key={item.id}
                data-id={item.id}
                data-x={item.x}
                data-y={item.y}
                data-z={item.zIndex}
              >
                {t('whiteboard.itemLabel', {
                  n: i + 1,
                  x: Math.round(item.x),
                  y: Math.round(item.y),
                })}
              </li>
            ))}
          </ol>
          {!loaded && !failed && (
            <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
              {t('whiteboard.loading')}
            </p>
          )}
          {failed && (
            <div className="absolute inset-0 grid place-items-center content-center gap-3 text-sm">
              <p>{t('whiteboard.loadFailed')}</p>
              <Button size="sm" variant="outline" onClick={retry}>
                {t('whiteboard.retry')}
              </Button>
            </div>
          )}
          {loaded && empty && (
            <EmptyBoard
              readOnly={readOnly}
              onAdd={() => setPickerOpen(true)}
              onUpload={() => fileInput.current?.click()}
            />
          )}
          {loaded && !empty && <HintsCorner />}
          {(drop.dragging || drop.uploading) && (
            <div className="pointer-events-none absolute inset-2 grid place-items-center rounded-xl border-2 border-dashed border-primary bg-primary/10">
              <p className="flex items-center gap-2 font-semibold text-primary">
                {drop.uploading ? (
                  <Loader2 className="size-5 animate-spin" />
                ) : (
                  <Upload className="size-5" />
                )}
                {t(drop.uploading ? 'whiteboard.uploading' : 'whiteboard.dropHere')}
              </p>
            </div>
          )}
        </div>
      </BoardContextMenu>
      <ImagePicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onAdd={(urls) => commands.place(urls, null)}
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="hidden"
        data-testid="board-file-input"
        onChange={(event) => {
          drop.upload(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </div>
  );
}
