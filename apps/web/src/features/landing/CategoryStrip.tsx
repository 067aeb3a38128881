import { useTranslation } from 'react-i18next';

export const CATEGORY_KEYS = [
  'portraits',
  'photography',
  'fashion',
  'conceptArt',
  'architecture',
  'interiorDesign',
  'realEstate',
  'usedCars',
  'cadFiles',
  'renders',
  'sketchup',
  'characterDesign',
] as const;

export function CategoryStrip({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('landing.categories.label')} className="border-y bg-muted/40">
      <div
        data-testid="category-strip"
        className="scrollbar-none mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 py-3 sm:px-6 xl:flex-wrap xl:justify-center"
      >
        {CATEGORY_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            onClick={onSelect}
            className="shrink-0 cursor-pointer rounded-full border bg-card px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
          >
            {t(`landing.categories.${key}`)}
          </button>
        ))}
      </div>
    </nav>
  );
}
