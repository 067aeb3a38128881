import { useTranslation } from 'react-i18next';
import type { HistoryRecord } from './history-tree';
import { stepLabel } from './step-label';

/** The words a history step is listed with. */
export function useStepText() {
  const { t } = useTranslation();
  return (record: HistoryRecord) => {
    const label = stepLabel(record);
    switch (label.kind) {
      case 'upload':
        return t('editor.history.upload');
      case 'crop':
        return t('editor.history.crop');
      case 'preset':
        return t('editor.history.preset', {
          name: t(`editor.presets.names.${label.preset}`, { defaultValue: label.preset }),
        });
      case 'prompt':
        return label.text;
    }
  };
}
