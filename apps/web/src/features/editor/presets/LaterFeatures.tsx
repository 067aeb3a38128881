import type { CapabilitiesResponse } from '@image-lab/contract';
import { Eraser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isFeatureReady, LATER_FEATURES, type LaterFeature } from './preset-catalogue';

const ICONS: Record<LaterFeature['id'], typeof Eraser> = {
  'remove-furniture': Eraser,
};

/** Tools of the product that this server or this release cannot run yet, shown honestly. */
export function LaterFeatures({
  capabilities,
}: {
  capabilities: CapabilitiesResponse['capabilities'] | undefined;
}) {
  const { t } = useTranslation();
  const waiting = LATER_FEATURES.filter((f) => !isFeatureReady(f, capabilities));
  if (waiting.length === 0) return null;
  return (
    <ul className="mt-3 grid gap-1 border-t pt-3" aria-label={t('editor.presets.later')}>
      {waiting.map((feature) => {
        const Icon = ICONS[feature.id];
        return (
          <li key={feature.id} title={t('editor.presets.soon')}>
            <button
              type="button"
              disabled
              className="flex h-8 w-full items-center gap-2 rounded-lg px-2 text-left text-xs text-muted-foreground"
            >
              <Icon className="size-3.5 shrink-0 opacity-60" />
              <span className="min-w-0 flex-1 truncate opacity-70">
                {t(`editor.presets.names.${feature.id}`)}
              </span>
              <span className="shrink-0 rounded-full border px-1.5 text-[10px] leading-4">
                {t('editor.presets.soon')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
