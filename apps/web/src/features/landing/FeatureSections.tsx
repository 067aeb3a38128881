import type { CapabilitiesResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Brain,
  FolderKanban,
  History,
  LayoutDashboard,
  Link2,
  Mic,
  MonitorSmartphone,
  Shield,
  Sofa,
  Wand2,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CAPABILITIES_KEY } from '@/lib/query-keys';

const FEATURES: [string, LucideIcon][] = [
  ['voice', Mic],
  ['fast', Zap],
  ['security', Shield],
];

const CAPABILITIES: [string, LucideIcon][] = [
  ['analysis', Brain],
  ['enhance', Wand2],
  ['sequential', History],
  ['devices', MonitorSmartphone],
  ['whiteboard', LayoutDashboard],
  ['rooms', Sofa],
  ['projects', FolderKanban],
  ['sharing', Link2],
];

/** The rooms' promise follows the engine the server has (local recolouring or a hosted restage). */
function useRoomsRestaged(): boolean {
  const { data } = useQuery<CapabilitiesResponse>({
    queryKey: CAPABILITIES_KEY,
    staleTime: 5 * 60_000,
  });
  const rooms = data?.capabilities.find((c) => c.capability === 'restyleRoom');
  return Boolean(rooms?.available && rooms.provider && rooms.provider !== 'local');
}

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <section className="bg-muted/40 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.features.title')}
          </h2>
          <p className="mt-4 text-muted-foreground">{t('landing.features.subtitle')}</p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(([key, Icon]) => (
            <article key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
              <span className="grid size-12 place-items-center rounded-xl brand-gradient text-white">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {t(`landing.features.${key}.body`)}
              </p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Capabilities() {
  const { t } = useTranslation();
  const restaged = useRoomsRestaged();
  return (
    <section className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.capabilities.title')}
        </h2>
        <p className="mt-3 text-muted-foreground">{t('landing.capabilities.subtitle')}</p>
        <div className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {CAPABILITIES.map(([key, Icon]) => (
            <article key={key}>
              <Icon className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{t(`landing.capabilities.${key}.title`)}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
                {t(
                  key === 'rooms' && restaged
                    ? 'landing.capabilities.rooms.bodyHosted'
                    : `landing.capabilities.${key}.body`,
                )}
              </p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
