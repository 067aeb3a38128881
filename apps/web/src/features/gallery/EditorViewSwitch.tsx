import type { EditedImageRecord } from '@image-lab/contract';
import { Sofa } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { TextLink } from '@/components/ui/text-link';
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

/**
 * The small tab control above the editor's main column, below 1024 px: wider screens have the
 * top bar's Image Editor and Gallery, and a second switch there only pushed the prompt down.
 */
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
      className="inline-flex w-fit self-start justify-self-start rounded-lg border bg-muted/60 p-0.5 lg:hidden"
    >
      {tab('canvas')}
      {tab('gallery')}
    </div>
  );
}

/** The editor's Gallery view, full width: the person's images, with room designs one link away. */
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
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-[1600px] gap-4 px-3 py-4 sm:px-6 lg:py-6">
      <EditorViewTabs view="gallery" onChange={onView} />
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h1 className="text-xl font-bold tracking-tight">{t('gallery.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('gallery.intro')}</p>
        </div>
        {!guest && (
          <TextLink href="/gallery" icon={Sofa}>
            {t('gallery.roomDesigns')}
          </TextLink>
        )}
      </div>
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
