import { Loader2, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useVoiceInput, type VoiceInputOptions } from './use-voice-input';

const STATUS = {
  idle: null,
  listening: 'voice.listening',
  processing: 'voice.processing',
  complete: 'voice.complete',
} as const;

/**
 * The microphone button of the prompt box and its status line. The status line is always in the
 * document (empty when idle) so screen readers announce each change; it takes its own row.
 */
export function VoiceButton(props: VoiceInputOptions) {
  const { t } = useTranslation();
  const { state, toggle, prefetch } = useVoiceInput(props);
  const recording = state === 'listening' || state === 'processing';
  const status = STATUS[state];
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={t('voice.label')}
        aria-pressed={recording}
        title={recording ? t('voice.stop') : t('voice.start')}
        disabled={props.disabled}
        onClick={() => void toggle()}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className={cn(
          'relative w-8 px-0 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
          recording && 'bg-destructive/10 text-destructive hover:bg-destructive/15',
        )}
      >
        {state === 'processing' ? <Loader2 className="animate-spin" /> : <Mic />}
        {state === 'listening' && (
          <span aria-hidden className="absolute top-1 right-1 flex size-2">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive opacity-75" />
            <span className="relative inline-flex size-2 rounded-full bg-destructive" />
          </span>
        )}
      </Button>
      <p
        role="status"
        aria-live="polite"
        data-testid="voice-status"
        className={
          status
            ? 'order-last flex basis-full items-center gap-2 px-1 text-xs text-muted-foreground'
            : 'sr-only'
        }
      >
        {state === 'listening' && (
          <span aria-hidden className="size-2 shrink-0 animate-pulse rounded-full bg-destructive" />
        )}
        {status ? t(status) : ''}
      </p>
    </>
  );
}
