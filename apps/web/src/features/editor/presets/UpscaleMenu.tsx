import { Loader2, Sparkles, Zap, ZoomIn } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESETS, UPSCALE_PRESETS } from '@/lib/contract-values';
import { cn } from '@/lib/utils';

/** The catalogue's upscale presets (POST /api/edit-image with preset): factor and method. */
const CHOICES = UPSCALE_PRESETS.map((id) => ({ id, ...PRESETS[id].upscale }));

/** Upscale 2× or 4×: ESRGAN (slower, sharper detail) or Lanczos + sharpen (a second or two). */
export function UpscaleMenu({
  available,
  disabled,
  running,
  onApply,
}: {
  available: boolean;
  disabled: boolean;
  running: boolean;
  onApply(preset: string): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choose = (id: string) => {
    setOpen(false);
    onApply(id);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled || !available}
          title={available ? undefined : t('editor.presets.soon')}
          className="flex h-10 min-w-0 cursor-pointer items-center gap-2 rounded-lg border bg-background px-2.5 text-left text-xs font-medium transition-colors hover:border-primary/50 hover:bg-primary/5 disabled:cursor-default disabled:opacity-50"
        >
          {running ? (
            <Loader2 className="size-3.5 shrink-0 animate-spin text-primary" />
          ) : (
            <ZoomIn className="size-3.5 shrink-0" />
          )}
          <span className="line-clamp-2 leading-tight hyphens-auto [overflow-wrap:anywhere]">
            {t('editor.presets.names.upscale')}
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-72 rounded-xl border bg-card p-4 text-foreground shadow-xl"
        >
          <p className="text-sm font-semibold">{t('editor.upscale.title')}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t('editor.upscale.body')}</p>
          <div className="mt-3 grid grid-cols-2 gap-1.5">
            {CHOICES.map(({ id, factor, fast }) => {
              const Icon = fast ? Zap : Sparkles;
              return (
                <button
                  key={id}
                  type="button"
                  onClick={() => choose(id)}
                  className={cn(
                    'flex cursor-pointer flex-col items-start gap-0.5 rounded-lg border bg-background px-2.5 py-2 text-left transition-colors hover:border-primary/50 hover:bg-primary/5',
                  )}
                >
                  <span className="flex items-center gap-1.5 text-sm font-semibold">
                    <Icon className={cn('size-3.5', fast ? 'text-amber-500' : 'text-primary')} />
                    {factor}×
                  </span>
                  <span className="text-[11px] leading-tight text-muted-foreground">
                    {t(fast ? 'editor.upscale.fast' : 'editor.upscale.ai')}
                  </span>
                </button>
              );
            })}
          </div>
          <p className="mt-3 text-[11px] text-muted-foreground">{t('editor.upscale.cost')}</p>
          <Popover.Arrow className="fill-card" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
