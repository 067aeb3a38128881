import type { EditedImageRecord } from '@image-lab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import type { RemoveKind } from '../presets/LaterFeatures';
import { useChangeMap } from './use-change-map';
import { useEditReports } from './use-edit-reports';
import { useSelectionTools } from './use-selection-tools';
import { useShortcutKeys } from './shortcuts';

/**
 * Everything the editor shows about the part of a picture an edit may change and did change:
 * the selection, the per-clause reports and the change map (key M).
 */
export function useResultTools(
  selected: EditedImageRecord | undefined,
  keysOn: boolean,
  paintable: boolean,
) {
  const reports = useEditReports();
  const part = useSelectionTools(selected, keysOn, paintable);
  const [on, setOn] = useState(false);
  const state = useChangeMap(selected?.imageUrl, selected?.parentImageUrl, selected, on);
  const toggle = () => setOn((value) => !value);
  useShortcutKeys({ m: () => selected?.parentImageUrl && toggle() }, keysOn);
  const { t } = useTranslation();
  /** Remove object needs a selection: without one it opens the Select tool and says so. */
  const remove = (kind: RemoveKind, run: (prompt: string) => void) => {
    if (kind === 'furniture') return run(t('editor.selection.removeFurniturePrompt'));
    if (part.selection) return run(t('editor.selection.removeObjectPrompt'));
    part.setTool('point');
    toast({
      title: t('editor.selection.selectFirst'),
      description: t('editor.selection.selectFirstBody'),
    });
  };
  return { reports, part, changes: { on, state, toggle }, remove };
}

export type ResultTools = ReturnType<typeof useResultTools>;
