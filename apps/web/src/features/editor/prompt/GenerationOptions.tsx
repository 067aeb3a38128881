import type { AspectRatio } from '@image-lab/contract';
import { ASPECT_RATIOS } from '../contract-values';
import { ChevronDown, RectangleHorizontal } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

export const IMAGE_COUNTS = [1, 2, 3, 4] as const;

/** A small box of the ratio's shape, so the list reads at a glance. */
function RatioShape({ ratio }: { ratio: string }) {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  const scale = 14 / Math.max(w, h);
  return (
    <span className="grid size-4 place-items-center" aria-hidden>
      <span
        className="rounded-[2px] border border-current"
        style={{ width: Math.max(4, w * scale), height: Math.max(4, h * scale) }}
      />
    </span>
  );
}

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
  return (
    <div className="flex items-center gap-2">
      <ToggleGroup.Root
        type="single"
        value={String(numImages)}
        onValueChange={(value) => value && onNumImages(Number(value))}
        disabled={disabled}
        aria-label={t('editor.options.count')}
        className="flex h-9 items-center rounded-lg border bg-card p-0.5"
      >
        {IMAGE_COUNTS.map((n) => (
          <ToggleGroup.Item
            key={n}
            value={String(n)}
            aria-label={t('editor.options.countHint', { count: n })}
            className={cn(
              'h-full w-8 cursor-pointer rounded-md text-sm font-medium tabular-nums text-muted-foreground transition-colors hover:text-foreground disabled:cursor-default disabled:opacity-50',
              'data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
            )}
          >
            {n}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      <DropdownMenu>
        <Tooltip content={t('editor.options.ratioHint')}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              aria-label={t('editor.options.ratio', { ratio: aspectRatio })}
              className="h-9 gap-1.5 tabular-nums"
            >
              <RectangleHorizontal />
              {aspectRatio}
              <ChevronDown className="opacity-60" />
            </Button>
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent align="start" className="min-w-36">
          <DropdownMenuRadioGroup
            value={aspectRatio}
            onValueChange={(value) => onAspectRatio(value as AspectRatio)}
          >
            {ASPECT_RATIOS.map((ratio) => (
              <DropdownMenuRadioItem key={ratio} value={ratio} className="tabular-nums">
                <span className="flex items-center gap-2">
                  <RatioShape ratio={ratio} />
                  {ratio}
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
