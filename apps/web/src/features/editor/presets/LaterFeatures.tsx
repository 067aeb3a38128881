import type { CapabilitiesResponse } from '@image-lab/contract';
import { Eraser, SquareDashedMousePointer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { isFeatureReady, LATER_FEATURES, type LaterFeature } from './preset-catalogue';

const ICONS: Record<LaterFeature['id'], typeof Eraser> = {
  'remove-object': SquareDashedMousePointer,
  'remove-furniture': Eraser,
};

export type RemoveKind = 'object' | 'furniture';

/**
 * The removal tools: Remove object (the selection) and Remove furniture (every piece found);
 * "coming soon" where this server cannot fill a gap.
 */
export function LaterFeatures({
  capabilities,
  disabled,
  onRemove,
}: {
  capabilities: CapabilitiesResponse['capabilities'] | undefined;
  disabled: boolean;
  onRemove(kind: RemoveKind): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-3 grid gap-1 border-t pt-3" aria-label={t('editor.presets.later')}>
      {LATER_FEATURES.map((feature) => {
        const Icon = ICONS[feature.id];
        const ready = isFeatureReady(feature, capabilities);
        const kind: RemoveKind = feature.id === 'remove-object' ? 'object' : 'furniture';
        const hint = ready
          ? t(
              kind === 'object'
                ? 'editor.selection.removeObjectHint'
                : 'editor.selection.removeFurnitureHint',
            )
          : t('editor.presets.soon');
        return (
          <li key={feature.id} title={hint}>
            <button
              type="button"
              disabled={!ready || disabled}
              onClick={() => onRemove(kind)}
              data-testid={`tool-${feature.id}`}
              className={cn(
                'flex h-8 w-full items-center gap-2 rounded-lg px-2 text-left text-xs',
                ready
                  ? 'cursor-pointer font-medium hover:bg-muted disabled:cursor-default disabled:opacity-50'
                  : 'text-muted-foreground',
              )}
            >
              <Icon className={cn('size-3.5 shrink-0', !ready && 'opacity-60')} />
              <span className={cn('min-w-0 flex-1 truncate', !ready && 'opacity-70')}>
                {t(`editor.presets.names.${feature.id}`)}
              </span>
              {!ready && (
                <span className="shrink-0 rounded-full border px-1.5 text-[10px] leading-4">
                  {t('editor.presets.soon')}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
