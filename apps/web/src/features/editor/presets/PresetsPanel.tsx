import type { CapabilitiesResponse, EditedImageRecord } from '@image-lab/contract';
import { Lock, LockOpen } from 'lucide-react';
import { Tabs } from '@/components/ui/tabs';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { StyleTransferPicker, UpscaleMenu } from '../on-demand';
import { LaterFeatures, type RemoveKind } from './LaterFeatures';
import { RenderTools, type RenderTool } from './RenderTools';
import {
  isUpscalePreset,
  presetPressOutcome,
  STYLE_TRANSFER,
  type PressKind,
} from './preset-catalogue';
import { swatchOf } from './preset-swatches';
import { PresetButton } from './PresetButton';

export interface PresetsPanelProps {
  presets: CapabilitiesResponse['presets'];
  capabilities: CapabilitiesResponse['capabilities'] | undefined;
  busy: boolean;
  runningPreset: string | null;
  locked: string | null;
  onLock(preset: string | null): void;
  onApply(preset: string, referenceImageUrl?: string): void;
  referenceCandidates: EditedImageRecord[];
  sessionId: string;
  /** Image to Video, Two-step render, Multiview. */
  onTool(tool: RenderTool): void;
  /** Remove object (the selection) or Remove furniture (all of it). */
  onRemove(kind: RemoveKind): void;
}

const TABS = ['styles', 'car', 'other'] as const;
const tabClass =
  'flex-1 cursor-pointer rounded-md px-2 py-1.5 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Styles, car scenes and other one-click edits; hold one for 1 s to apply it to every upload. */
export function PresetsPanel(props: PresetsPanelProps) {
  const { t } = useTranslation();
  const { locked } = props;
  const name = (id: string) => t(`editor.presets.names.${id}`, { defaultValue: id });

  const release = (id: string, kind: PressKind) => {
    const outcome = presetPressOutcome(locked, id, kind);
    if (outcome.locked !== locked) {
      props.onLock(outcome.locked);
      toast({
        title: outcome.locked
          ? t('editor.presets.lockedToast', { name: name(id) })
          : t('editor.presets.unlockedToast', { name: name(id) }),
        description: outcome.locked ? t('editor.presets.lockedToastBody') : undefined,
      });
    }
    if (outcome.apply) props.onApply(id);
  };

  const buttons = (ids: string[]) =>
    ids
      .filter((id) => id !== STYLE_TRANSFER)
      .map((id) => (
        <PresetButton
          key={id}
          label={name(id)}
          swatch={swatchOf(id)}
          locked={locked === id}
          running={props.runningPreset === id}
          disabled={props.busy}
          onRelease={(kind) => release(id, kind)}
        />
      ));

  return (
    <section aria-labelledby="presets-title" className="rounded-2xl border bg-card p-3 shadow-sm">
      <div className="px-1">
        <h2 id="presets-title" className="text-sm font-semibold">
          {t('editor.presets.title')}
        </h2>
        <p className="text-[11px] text-muted-foreground">{t('editor.presets.holdHint')}</p>
      </div>
      {locked && (
        <div className="mt-2 flex items-start gap-2 rounded-lg bg-primary/10 px-2.5 py-1.5 text-xs text-primary">
          <Lock className="mt-px size-3.5 shrink-0" />
          <span className="min-w-0 flex-1">
            {t('editor.presets.lockedBanner', { name: name(locked) })}
          </span>
          <button
            type="button"
            onClick={() => release(locked, 'press')}
            className="flex cursor-pointer items-center gap-1 font-medium hover:underline"
          >
            <LockOpen className="size-3.5" />
            {t('editor.presets.unlock')}
          </button>
        </div>
      )}
      <Tabs.Root defaultValue="styles" className="mt-2">
        <Tabs.List
          aria-label={t('editor.presets.title')}
          className="flex gap-1 rounded-lg bg-muted p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={tabClass}>
              {t(`editor.presets.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content
          value="styles"
          className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-1.5 outline-none"
        >
          {buttons(props.presets.styles)}
        </Tabs.Content>
        <Tabs.Content
          value="car"
          className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-1.5 outline-none"
        >
          {buttons(props.presets.car)}
        </Tabs.Content>
        <Tabs.Content value="other" className="mt-2 outline-none">
          <div className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-1.5">
            {buttons(props.presets.other)}
            {props.presets.other.includes(STYLE_TRANSFER) && (
              <StyleTransferPicker
                candidates={props.referenceCandidates}
                disabled={props.busy}
                running={props.runningPreset === STYLE_TRANSFER}
                sessionId={props.sessionId}
                onApply={(url) => props.onApply(STYLE_TRANSFER, url)}
              />
            )}
            <UpscaleMenu
              available={Boolean(
                props.capabilities?.some((c) => c.capability === 'upscale' && c.available),
              )}
              disabled={props.busy}
              running={isUpscalePreset(props.runningPreset)}
              onApply={(preset) => props.onApply(preset)}
            />
          </div>
          <RenderTools
            capabilities={props.capabilities}
            disabled={props.busy}
            onTool={props.onTool}
          />
          <LaterFeatures
            capabilities={props.capabilities}
            disabled={props.busy}
            onRemove={props.onRemove}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
