import type { EditedImageRecord } from '@image-lab/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { cn } from '@/lib/utils';

export type EditorView = 'canvas' | 'gallery';

// The gallery is not on the editor's first screen: its code (grid, drag and drop, dialogs,
// lightbox) comes when the tab is first opened.
const GalleryScreen = lazy(() =>
  import('./GalleryScreen').then((m) => ({ default: m.GalleryScreen })),
);

/** Canvas or Gallery, kept in the address (`?view=gallery`) so it can be linked and reloaded. */
export function useEditorView(): [EditorView, (view: EditorView) => void] {
  const [params, setParams] = useSearchParams();
  const view: EditorView = params.get('view') === 'gallery' ? 'gallery' : 'canvas';
  const setView = (next: EditorView) =>
    setParams((previous) => {
      const query = new URLSearchParams(previous);
      if (next === 'gallery') query.set('view', 'gallery');
      else query.delete('view');
      return query;
    });
  return [view, setView];
}

/** The small tab control above the editor's main column. */
export function EditorViewTabs({
  view,
  onChange,
}: {
  view: EditorView;
  onChange(view: EditorView): void;
}) {
  const { t } = useTranslation();
  const tab = (name: EditorView) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === name}
      onClick={() => view !== name && onChange(name)}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
        view === name && 'bg-background text-foreground shadow-sm ring-1 ring-border',
      )}
    >
      {t(`gallery.view.${name}`)}
    </button>
  );
  return (
    <div
      role="tablist"
      aria-label={t('gallery.view.label')}
      className="inline-flex w-fit self-start justify-self-start rounded-lg border bg-muted/60 p-0.5"
    >
      {tab('canvas')}
      {tab('gallery')}
    </div>
  );
}

/** The editor's Gallery view, full width, with the same tabs above it. */
export function EditorGallery({
  guest,
  records,
  onEdit,
  onView,
}: {
  guest: boolean;
  records: readonly EditedImageRecord[] | undefined;
  onEdit(record: EditedImageRecord): void;
  onView(view: EditorView): void;
}) {
  return (
    <div className="mx-auto grid max-w-[1600px] gap-4 px-3 py-4 sm:px-6 lg:py-6">
      <EditorViewTabs view="gallery" onChange={onView} />
      <Suspense
        fallback={<div role="status" className="h-64 animate-pulse rounded-2xl bg-muted/60" />}
      >
        <GalleryScreen
          guest={guest}
          records={records}
          onEdit={onEdit}
          onCanvas={() => onView('canvas')}
        />
      </Suspense>
    </div>
  );
}
