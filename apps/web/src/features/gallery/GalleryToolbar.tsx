import {
  FolderUp,
  KeyRound,
  Layers,
  ListChecks,
  ScrollText,
  Share2,
  Star,
  Trash2,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { GalleryTab } from './gallery-api';

const TABS: GalleryTab[] = ['all', 'uploaded', 'generated'];

/** A button whose words hide on narrow screens (the icon and its label stay). */
function ToolButton({
  icon,
  label,
  onClick,
  variant = 'outline',
  disabled,
  pressed,
}: {
  icon: ReactNode;
  label: string;
  onClick(): void;
  variant?: 'outline' | 'destructive' | 'ghost' | 'default';
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      title={label}
      className="h-9"
    >
      {icon}
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}

/** Tabs, filters and the links of the gallery; the selection's actions while something is selected. */
export function GalleryToolbar({
  tab,
  onTab,
  favorites,
  onFavorites,
  shown,
  selected,
  onSelectAll,
  onClear,
  onDeleteSelected,
  onShare,
  onLinks,
  onOpenShared,
  onBatch,
  onBatchFolder,
  onBatchFiles,
}: {
  tab: GalleryTab;
  onTab(tab: GalleryTab): void;
  favorites: boolean;
  onFavorites(on: boolean): void;
  shown: number;
  selected: number;
  onSelectAll(): void;
  onClear(): void;
  /** Absent for a read-only viewer of a shared account. */
  onDeleteSelected?(): void;
  onShare(): void;
  onLinks(): void;
  onOpenShared(): void;
  /** Absent for a read-only viewer: apply a preset, prompt or recipe to the selection. */
  onBatch?(): void;
  /** Absent for a read-only viewer: a batch from a folder, or from a zip or image files. */
  onBatchFolder?(): void;
  onBatchFiles?(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="tablist"
          aria-label={t('gallery.tabs.label')}
          className="inline-flex rounded-lg border bg-muted/60 p-0.5"
        >
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => onTab(name)}
              className={cn(
                'h-8 cursor-pointer rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                tab === name && 'bg-background text-foreground shadow-sm ring-1 ring-border',
              )}
            >
              {t(`gallery.tabs.${name}`)}
            </button>
          ))}
        </div>
        <ToolButton
          icon={<Star className={cn(favorites && 'fill-amber-400 text-amber-400')} />}
          label={t('gallery.favorites')}
          pressed={favorites}
          variant={favorites ? 'default' : 'outline'}
          onClick={() => onFavorites(!favorites)}
        />
        <div className="ml-auto flex flex-wrap gap-2">
          <ToolButton icon={<ScrollText />} label={t('gallery.links.open')} onClick={onLinks} />
          <ToolButton icon={<KeyRound />} label={t('gallery.open.title')} onClick={onOpenShared} />
        </div>
      </div>
      <div
        className={cn(
          'flex min-h-11 flex-wrap items-center gap-2 rounded-xl border px-3 py-1.5',
          selected > 0 ? 'border-primary/40 bg-primary/5' : 'bg-card',
        )}
      >
        <p className="mr-auto text-sm font-medium" aria-live="polite" data-testid="gallery-count">
          {selected > 0
            ? t('gallery.selected', { count: selected })
            : t('gallery.shown', { count: shown })}
        </p>
        {selected > 0 ? (
          <>
            {onBatch && (
              <ToolButton
                icon={<Layers />}
                variant="default"
                label={t('batch.apply', { count: selected })}
                onClick={onBatch}
              />
            )}
            <ToolButton icon={<Share2 />} label={t('gallery.share.selection')} onClick={onShare} />
            {onDeleteSelected && (
              <ToolButton
                icon={<Trash2 />}
                variant="destructive"
                label={t('gallery.deleteSelected', { count: selected })}
                onClick={onDeleteSelected}
              />
            )}
            <ToolButton
              icon={<X />}
              variant="ghost"
              label={t('gallery.clearSelection')}
              onClick={onClear}
            />
          </>
        ) : (
          <>
            {onBatchFolder && onBatchFiles && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-9"
                    title={t('batch.fromFiles')}
                    data-testid="batch-from-files"
                  >
                    <FolderUp />
                    <span className="max-sm:sr-only">{t('batch.fromFiles')}</span>
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem onSelect={onBatchFolder}>
                    {t('batch.chooseFolder')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={onBatchFiles}>
                    {t('batch.chooseFiles')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            <ToolButton
              icon={<ListChecks />}
              variant="ghost"
              label={t('gallery.selectAll')}
              onClick={onSelectAll}
              disabled={shown === 0}
            />
            <ToolButton
              icon={<Share2 />}
              label={t('gallery.share.all')}
              onClick={onShare}
              disabled={shown === 0}
            />
          </>
        )}
      </div>
    </div>
  );
}
