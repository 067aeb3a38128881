import type { GetAnalysisResponse } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { simpleErrorToast } from '@/lib/error-toasts/error-messages';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { analyzeImage, enhancePrompt, savedAnalysisKey, useSavedAnalysis } from '../api';

/** The image's analysis: the saved one when there is one, or a fresh one on request. */
export function useAnalysis(imageUrl: string | undefined) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useSavedAnalysis(imageUrl);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  // Counts answers the person asked for: only those scroll the panel into view (a saved analysis
  // shown on opening the editor leaves the page where it is).
  const [asked, setAsked] = useState(0);
  const mutation = useMutation({
    mutationFn: (url: string) => analyzeImage(url, i18n.resolvedLanguage ?? i18n.language),
    onSuccess: (analysis, url) => {
      queryClient.setQueryData<GetAnalysisResponse>(savedAnalysisKey(url), {
        hasAnalysis: true,
        ...analysis,
      });
      setHiddenFor(null);
      setAsked((n) => n + 1);
    },
    onError: (error) =>
      showErrorToast(t, simpleErrorToast(error, 'analysisFailed', 'analysisFailedBody')),
  });
  const data = saved.data?.hasAnalysis ? saved.data : undefined;
  return {
    analysis: imageUrl && hiddenFor !== imageUrl ? data : undefined,
    analyzing: mutation.isPending,
    asked,
    analyze: () => imageUrl && mutation.mutate(imageUrl),
    hide: () => setHiddenFor(imageUrl ?? null),
  };
}

/** Rewrites the prompt with more detail. */
export function useEnhance(onEnhanced: (prompt: string) => void) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: enhancePrompt,
    onSuccess: ({ enhancedPrompt }) => onEnhanced(enhancedPrompt),
    onError: (error) =>
      showErrorToast(t, simpleErrorToast(error, 'enhanceFailed', 'enhanceFailedBody')),
  });
  return {
    enhance: (prompt: string) => prompt.trim() && mutation.mutate(prompt.trim()),
    enhancing: mutation.isPending,
  };
}
