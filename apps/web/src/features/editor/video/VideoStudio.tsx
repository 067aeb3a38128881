import type { EditedImageRecord } from '@image-lab/contract';
import { VIDEO_CREDITS, VIDEO_FPS, VIDEO_SECONDS } from '@image-lab/contract/catalogue';
import { Clapperboard, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/utils';
import { useGenerateVideo } from './use-generate-video';
import { MOTION_CHIPS } from './video-helpers';
import { VideoPlayer } from './VideoPlayer';
import { VideoProgress } from './VideoProgress';

export interface VideoStudioProps {
  /** The image on the canvas: what a new video is made from. */
  source: EditedImageRecord | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
  credits: number | undefined;
  /** The server's video provider is the local engine (GET /api/capabilities). */
  localVideo?: boolean;
}

/**
 * Image to Video: the dialog (camera move, cost, timer, playback, download) and the generated-
 * video panel under the canvas, which keeps the timer and the result when the dialog is closed.
 * Loaded the first time the button is pressed.
 */
export function VideoStudio({ source, open, onOpenChange, credits, localVideo }: VideoStudioProps) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const video = useGenerateVideo(credits);
  const busy = video.running;

  const generate = () => {
    if (source) video.start(source.imageUrl, prompt);
  };
  const chip = (id: (typeof MOTION_CHIPS)[number]) => t(`editor.video.motions.${id}`);

  const body = (compact: boolean) =>
    video.running && video.run ? (
      <VideoProgress startedAt={video.run.startedAt} />
    ) : video.result ? (
      <VideoPlayer video={video.result} prompt={video.run?.prompt ?? ''} compact={compact} />
    ) : null;

  return (
    <>
      {(video.running || video.result) && (
        <section
          aria-labelledby="video-panel-title"
          data-testid="video-panel"
          className="rounded-2xl border bg-card p-3 shadow-sm"
        >
          <div className="mb-2 flex items-center gap-2">
            <Clapperboard className="size-4 text-primary" />
            <h2 id="video-panel-title" className="flex-1 text-sm font-semibold">
              {t('editor.video.panelTitle')}
            </h2>
            {!busy && (
              <button
                type="button"
                onClick={video.reset}
                aria-label={t('editor.video.closePanel')}
                className="grid size-7 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X className="size-4" />
              </button>
            )}
          </div>
          {body(true)}
        </section>
      )}
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={t('editor.video.title')}
        description={t('editor.video.description', {
          seconds: VIDEO_SECONDS,
          fps: VIDEO_FPS,
          count: VIDEO_CREDITS,
        })}
        className="sm:max-w-lg"
        testId="video-dialog"
      >
        {source && !busy && !video.result && (
          <img
            src={source.imageUrl}
            alt=""
            className="max-h-40 w-full rounded-lg border bg-muted object-contain"
          />
        )}
        {body(false)}
        {!busy && (
          <div className="grid gap-2">
            <label htmlFor="video-prompt" className="text-sm font-medium">
              {t('editor.video.motionLabel')}
            </label>
            <div
              className="flex flex-wrap gap-1.5"
              role="group"
              aria-label={t('editor.video.suggestions')}
            >
              {MOTION_CHIPS.map((id) => (
                <button
                  key={id}
                  type="button"
                  aria-pressed={prompt === chip(id)}
                  onClick={() => setPrompt(chip(id))}
                  className={cn(
                    'cursor-pointer rounded-full border px-2.5 py-1 text-xs transition-colors hover:border-primary/50 hover:bg-primary/5',
                    prompt === chip(id) && 'border-primary bg-primary/10 text-primary',
                  )}
                >
                  {chip(id)}
                </button>
              ))}
            </div>
            <textarea
              id="video-prompt"
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              rows={2}
              maxLength={500}
              placeholder={t('editor.video.placeholder')}
              className="w-full resize-none rounded-lg border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            {localVideo && (
              <p className="text-xs text-muted-foreground">{t('editor.video.localNote')}</p>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          {busy ? (
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('editor.video.keepWorking')}
            </Button>
          ) : (
            <Button variant="gradient" disabled={!source} onClick={generate}>
              <Clapperboard />
              {video.result
                ? t('editor.video.again', { count: VIDEO_CREDITS })
                : t('editor.video.generate', { count: VIDEO_CREDITS })}
            </Button>
          )}
        </div>
      </Modal>
    </>
  );
}
