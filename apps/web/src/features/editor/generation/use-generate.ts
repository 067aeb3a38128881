import type { ClauseReport, EditImageResponse, UserStats } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearOutOfCredits, markOutOfCredits } from '@/features/credits/out-of-credits';
import { USER_STATS_KEY } from '@/features/credits/use-user-stats';
import { GUEST_ALLOWANCE_KEY } from '@/features/guest/use-guest-allowance';
import { useIsGuest } from '@/providers/editor-mode';
import { useAccountEvent } from '@/lib/live/account-events';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { toast } from '@/hooks/use-toast';
import { failureOf } from '@/lib/api';
import { generationErrorToast, type ErrorToast } from '@/lib/error-toasts/error-messages';
import { requestEdit, type EditRequest } from '../api';
import { isJobProgressEvent, NO_JOB, trackJobProgress } from '../live/job-progress';
import { useAddRecords } from '../upload/use-upload-image';
import { serverChanged } from '@/lib/server-changes';

/**
 * One edit or preset at a time, with the progress its job reports over /api/events. An edit
 * that did nothing, with a reason per clause, goes to `onNothingDone` instead of a toast.
 */
export function useGenerate(
  onDone: (response: EditImageResponse, request: EditRequest) => void,
  onNothingDone?: (clauses: ClauseReport[], request: EditRequest) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addRecords = useAddRecords();
  const guest = useIsGuest();
  const [job, setJob] = useState(NO_JOB);

  const refuse = (spec: ErrorToast | null) => {
    if (spec?.outOfCredits) {
      markOutOfCredits();
      void serverChanged(queryClient, 'stats');
    }
    showErrorToast(t, spec);
  };

  const mutation = useMutation({
    mutationFn: requestEdit,
    onMutate: () => setJob(NO_JOB),
    onSuccess: (response, request) => {
      if (guest) {
        // For a guest the answer's balance is the free allowance left today.
        queryClient.setQueryData(GUEST_ALLOWANCE_KEY, (old: { limit: number } | undefined) =>
          old ? { ...old, remaining: response.creditsRemaining } : old,
        );
      } else {
        queryClient.setQueryData<UserStats>(USER_STATS_KEY, (stats) =>
          stats ? { ...stats, creditsRemaining: response.creditsRemaining } : stats,
        );
      }
      addRecords(response.images);
      clearOutOfCredits();
      if (response.contentCredentials === 'lost') {
        toast({
          title: t('editor.canvas.credentialsLost'),
          description: t('editor.canvas.credentialsLostBody'),
        });
      }
      onDone(response, request);
    },
    onError: (error, request) => {
      const { clauses } = failureOf(error);
      if (clauses && onNothingDone) onNothingDone(clauses, request);
      else refuse(generationErrorToast(error));
    },
  });

  useAccountEvent(
    'job-progress',
    (data) => {
      if (mutation.isPending && isJobProgressEvent(data)) setJob((j) => trackJobProgress(j, data));
    },
    !guest,
  );

  return {
    generate: mutation.mutate,
    /** Shows a refusal found before sending (no prompt, no image, no credits). */
    refuse,
    isGenerating: mutation.isPending,
    progress: job.progress,
  };
}
