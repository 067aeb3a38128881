import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { apiRequest, toastError } from '@/lib/api';

/** One settings action: call, then a success toast with the server's message, or its error. */
export function useSettingsAction<T extends object>(
  method: string,
  url: string,
  onDone?: (answer: { message: string; confirmationUrl?: string }) => void,
) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (body?: T) =>
      (await (await apiRequest(method, url, body)).json()) as {
        message: string;
        confirmationUrl?: string;
      },
    onSuccess: (answer) => {
      toast({ title: t('settings.saved'), description: answer.message });
      onDone?.(answer);
    },
    onError: (error) => toastError(t('auth.errors.title'), error, t('settings.failed')),
  });
}
