import { Loader2, ScanSearch, SendHorizontal, Sparkles, WandSparkles } from 'lucide-react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VoiceButton } from '../voice/VoiceButton';

export interface PromptBoxProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  /** Voice input sends what was said, before the prompt state has re-rendered. */
  onVoiceSend(text: string): void;
  onAnalyze(): void;
  onEnhance(): void;
  hasImage: boolean;
  generating: boolean;
  analyzing: boolean;
  enhancing: boolean;
  options: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** No hosted image model: while there is no image, say what a prompt alone will make. */
  localGenerator?: boolean;
}

/** The instruction: Enter sends, Shift+Enter starts a new line. */
export function PromptBox({
  value,
  onChange,
  onSend,
  onVoiceSend,
  onAnalyze,
  onEnhance,
  hasImage,
  generating,
  analyzing,
  enhancing,
  options,
  textareaRef,
  localGenerator,
}: PromptBoxProps) {
  const { t } = useTranslation();
  const empty = value.trim() === '';
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!generating) onSend();
  };
  return (
    <div className="rounded-2xl border bg-card p-3 shadow-sm transition-shadow focus-within:border-primary/60 focus-within:ring-2 focus-within:ring-ring/20">
      <label htmlFor="editor-prompt" className="sr-only">
        {t('editor.prompt.label')}
      </label>
      <textarea
        id="editor-prompt"
        ref={textareaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={2000}
        placeholder={
          hasImage ? t('editor.prompt.placeholder') : t('editor.prompt.placeholderBlank')
        }
        className="block max-h-40 min-h-14 w-full resize-none bg-transparent px-1 text-[15px] leading-relaxed outline-none field-sizing-content placeholder:text-muted-foreground"
      />
      {!hasImage && localGenerator && (
        <p data-testid="local-generate-note" className="px-1 pt-1 text-xs text-muted-foreground">
          {t('editor.prompt.localGenerate')}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-1 gap-y-2">
        <VoiceButton value={value} onChange={onChange} onSend={onVoiceSend} disabled={generating} />
        <Button
          variant="ghost"
          size="sm"
          onClick={onAnalyze}
          disabled={!hasImage || analyzing || generating}
        >
          {analyzing ? <Loader2 className="animate-spin" /> : <ScanSearch />}
          {analyzing ? t('editor.analysis.running') : t('editor.analysis.start')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onEnhance}
          disabled={empty || enhancing || generating}
        >
          {enhancing ? <Loader2 className="animate-spin" /> : <WandSparkles />}
          {enhancing ? t('editor.enhance.running') : t('editor.enhance.start')}
        </Button>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2 max-sm:w-full">
          {options}
          <Button
            variant="gradient"
            onClick={onSend}
            disabled={empty || generating}
            className="h-9 min-w-36 max-sm:flex-1"
          >
            {generating ? <Sparkles className="animate-pulse" /> : <SendHorizontal />}
            {generating ? t('editor.generating') : t('editor.prompt.send')}
          </Button>
        </div>
      </div>
    </div>
  );
}
