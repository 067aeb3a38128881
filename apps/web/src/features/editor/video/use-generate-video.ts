import type { GenerateVideoResponse, UserStats } from '@image-lab/contract';
import { VIDEO_CREDITS } from '@image-lab/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markOutOfCredits } from '@/features/credits/out-of-credits';
import { USER_STATS_KEY } from '@/features/credits/use-user-stats';
import { toast } from '@/hooks/use-toast';
import { apiRequest, failureOf } from '@/lib/api';
import { serverChanged } from '@/lib/server-changes';

export interface VideoRun {
  imageUrl: string;
  prompt: string;
  startedAt: number;
}

async function requestVideo(run: VideoRun): Promise<GenerateVideoResponse> {
  const res = await apiRequest('POST', '/api/generate-video', {
    imageUrl: run.imageUrl,
    prompt: run.prompt,
  });
  return (await res.json()) as GenerateVideoResponse;
}

/** One video at a time: the run (for the timer), its answer, and the catalogue's toasts. */
export function useGenerateVideo(credits: number | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [run, setRun] = useState<VideoRun | null>(null);

  const refuseCredits = () => {
    markOutOfCredits();
    void serverChanged(queryClient, 'stats');
    toast({
      title: t('editor.errors.outOfCredits'),
      description: t('editor.video.needsCredits', { count: VIDEO_CREDITS }),
      variant: 'destructive',
    });
  };

  const mutation = useMutation({
    mutationFn: requestVideo,
    onSuccess: (response) => {
      queryClient.setQueryData<UserStats>(USER_STATS_KEY, (stats) =>
        stats ? { ...stats, creditsRemaining: response.creditsRemaining } : stats,
      );
    },
    onError: (error) => {
      const { status, message } = failureOf(error);
      if (status === 401) return;
      if (status === 402) return refuseCredits();
      void serverChanged(queryClient, 'stats');
      toast({
        title: t('editor.video.failed'),
        description: message && message.length <= 120 ? message : t('editor.video.failedBody'),
        variant: 'destructive',
      });
    },
  });

  const start = (imageUrl: string, prompt: string) => {
    if (credits !== undefined && credits < VIDEO_CREDITS) return refuseCredits();
    const next = { imageUrl, prompt: prompt.trim(), startedAt: Date.now() };
    setRun(next);
    mutation.mutate(next);
  };

  return {
    start,
    run,
    result: mutation.data,
    running: mutation.isPending,
    failed: mutation.isError,
    reset: () => {
      mutation.reset();
      setRun(null);
    },
  };
}
