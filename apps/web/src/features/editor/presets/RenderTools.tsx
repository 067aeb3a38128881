import type { CapabilitiesResponse } from '@image-lab/contract';
import { Box, Clapperboard, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export type RenderTool = 'image-to-video' | 'two-step-render' | 'multiview';

const TOOLS: { id: RenderTool; icon: typeof Box; needs: string }[] = [
  { id: 'image-to-video', icon: Clapperboard, needs: 'video' },
  { id: 'two-step-render', icon: Layers, needs: 'preset' },
  { id: 'multiview', icon: Box, needs: 'multiview' },
];

const offered = (capabilities: CapabilitiesResponse['capabilities'] | undefined, name: string) =>
  capabilities?.find((c) => c.capability === name);

/**
 * Image to Video, Two-step render and Multiview: enabled when the server can run them, else
 * shown disabled with the reason (a hosted model is needed), never as a fake result.
 */
export function RenderTools({
  capabilities,
  disabled,
  onTool,
}: {
  capabilities: CapabilitiesResponse['capabilities'] | undefined;
  disabled: boolean;
  onTool(tool: RenderTool): void;
}) {
  const { t } = useTranslation();
  if (!capabilities) return null;
  const renderReady = Boolean(offered(capabilities, 'render')?.available);
  return (
    <ul className="mt-3 grid gap-1 border-t pt-3" aria-label={t('editor.tools.title')}>
      {TOOLS.map(({ id, icon: Icon, needs }) => {
        const capability = offered(capabilities, needs);
        const ready = Boolean(capability?.available);
        const hint = !ready
          ? id === 'image-to-video'
            ? t('editor.presets.videoSoon')
            : t('editor.tools.needsHosted')
          : id === 'two-step-render' && !renderReady
            ? t('editor.tools.sketchOnly')
            : null;
        return (
          <li key={id}>
            <button
              type="button"
              disabled={!ready || disabled}
              onClick={() => onTool(id)}
              title={capability?.note ?? hint ?? undefined}
              className={cn(
                'flex min-h-9 w-full cursor-pointer items-center gap-2 rounded-lg border bg-background px-2.5 py-1.5 text-left text-xs font-medium transition-colors',
                'hover:border-primary/50 hover:bg-primary/5 disabled:cursor-default disabled:hover:border-border disabled:hover:bg-background',
                !ready && 'border-dashed text-muted-foreground',
                ready && disabled && 'opacity-50',
              )}
            >
              <Icon className={cn('size-4 shrink-0', ready ? 'text-primary' : 'opacity-60')} />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{t(`editor.presets.names.${id}`)}</span>
                {hint && (
                  <span className="block text-[10px] font-normal leading-tight text-muted-foreground">
                    {hint}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
