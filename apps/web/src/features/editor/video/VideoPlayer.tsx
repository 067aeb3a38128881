import type { GenerateVideoResponse } from '@image-lab/contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDownloadVideo } from './use-download-video';
import { videoFileName } from './video-helpers';

/** The finished video: native controls, looping, and a download of the MP4 itself. */
export function VideoPlayer({
  video,
  prompt,
  compact = false,
}: {
  video: GenerateVideoResponse;
  prompt: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const download = useDownloadVideo();
  const motion = video.motion
    ? t(`editor.video.motions.${video.motion}`, { defaultValue: video.motion })
    : null;
  return (
    <div className="grid gap-2">
      <video
        data-testid="generated-video"
        src={video.videoUrl}
        controls
        loop
        autoPlay
        muted
        playsInline
        preload="auto"
        width={video.width}
        height={video.height}
        className={
          compact
            ? 'max-h-56 w-full rounded-lg bg-black object-contain'
            : 'max-h-[50dvh] w-full rounded-lg bg-black object-contain'
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground tabular-nums">
          {[
            motion,
            t('editor.video.specs', {
              seconds: video.seconds,
              fps: video.fps,
              size: `${video.width}×${video.height}`,
            }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void download(video.videoUrl, videoFileName(video.motion, prompt))}
        >
          <Download />
          {t('editor.video.download')}
        </Button>
      </div>
    </div>
  );
}
