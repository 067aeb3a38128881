import { Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useSound } from '@/providers/sound';

/** Sound on or off (the compare slider's click), kept across visits by the sound provider. */
export function SoundToggle({ className }: { className?: string }) {
  const { soundEnabled, setSoundEnabled } = useSound();
  const { t } = useTranslation();
  const label = soundEnabled ? t('editor.sound.off') : t('editor.sound.on');
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-pressed={soundEnabled}
        className={className}
        onClick={() => setSoundEnabled(!soundEnabled)}
      >
        {soundEnabled ? <Volume2 /> : <VolumeX />}
      </Button>
    </Tooltip>
  );
}
