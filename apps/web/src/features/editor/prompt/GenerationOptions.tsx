import type { AspectRatio } from '@image-lab/contract';
import { ChevronDown, RectangleHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import { cn } from '@/lib/utils';

export const IMAGE_COUNTS = [1, 2, 3, 4] as const;

const loadMenu = () => import('./AspectRatioMenu');
const AspectRatioMenu = lazy(() => loadMenu().then((m) => ({ default: m.AspectRatioMenu })));

/** How many images one request makes (1-4), and the shape of newly generated ones. */
export function GenerationOptions({
  numImages,
  aspectRatio,
  disabled,
  onNumImages,
  onAspectRatio,
}: {
  numImages: number;
  aspectRatio: AspectRatio;
  disabled: boolean;
  onNumImages(n: number): void;
  onAspectRatio(ratio: AspectRatio): void;
}) {
  const { t } = useTranslation();
  const menu = useLazyMenu();
  const trigger = (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled}
      aria-label={t('editor.options.ratio', { ratio: aspectRatio })}
      className="h-9 gap-1.5 tabular-nums"
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    >
      <RectangleHorizontal />
      {aspectRatio}
      <ChevronDown className="opacity-60" />
    </Button>
  );
  const plain = <Tooltip content={t('editor.options.ratioHint')}>{trigger}</Tooltip>;
  return (
    <div className="flex items-center gap-2">
      <ImageCount value={numImages} disabled={disabled} onChange={onNumImages} />
      {menu.wanted ? (
        <Suspense fallback={plain}>
          <AspectRatioMenu
            trigger={trigger}
            open={menu.open}
            onOpenChange={menu.onOpenChange}
            aspectRatio={aspectRatio}
            onAspectRatio={onAspectRatio}
          />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}

/** 1-4 as a radio group: one tab stop, arrow keys move and choose. */
function ImageCount({
  value,
  disabled,
  onChange,
}: {
  value: number;
  disabled: boolean;
  onChange(n: number): void;
}) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = (IMAGE_COUNTS.indexOf(value as 1) + step + IMAGE_COUNTS.length) % 4;
    onChange(IMAGE_COUNTS[index]!);
    group.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[index]?.focus();
  };
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={t('editor.options.count')}
      onKeyDown={onKeyDown}
      className="flex h-9 items-center rounded-lg border bg-card p-0.5"
    >
      {IMAGE_COUNTS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={n === value}
          data-state={n === value ? 'on' : 'off'}
          tabIndex={n === value ? 0 : -1}
          disabled={disabled}
          aria-label={t('editor.options.countHint', { count: n })}
          onClick={() => onChange(n)}
          className={cn(
            'h-full w-8 cursor-pointer rounded-md text-sm font-medium tabular-nums text-muted-foreground transition-colors hover:text-foreground disabled:cursor-default disabled:opacity-50',
            'data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
          )}
        >
          {n}
        </button>
      ))}
    </div>
  );
}
