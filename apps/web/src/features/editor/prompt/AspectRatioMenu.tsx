import type { AspectRatio } from '@image-lab/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import { ASPECT_RATIOS } from '@/lib/contract-values';

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

/** The list of the nine ratios behind the options' button; loaded when first opened. */
export function AspectRatioMenu({
  trigger,
  open,
  onOpenChange,
  aspectRatio,
  onAspectRatio,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange(open: boolean): void;
  aspectRatio: AspectRatio;
  onAspectRatio(ratio: AspectRatio): void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip content={t('editor.options.ratioHint')}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
  );
}
