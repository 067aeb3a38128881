import type { AccountShareGiven, AccountShareReceived } from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { apiRequest, postJson, toastError } from '@/lib/api';

export const GIVEN_KEY = ['/api/account-shares'];
export const RECEIVED_KEY = ['/api/shared-accounts'];

export const useSharesGiven = (enabled: boolean) =>
  useQuery<AccountShareGiven[]>({ queryKey: GIVEN_KEY, enabled });
export const useSharesReceived = (enabled: boolean) =>
  useQuery<AccountShareReceived[]>({ queryKey: RECEIVED_KEY, enabled });

export function useShareAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; permissions: 'read' | 'write' }) =>
      postJson<{ message: string }>('/api/share-account', body),
    onSuccess: ({ message }) => {
      toast({ title: t('sharing.success'), description: message });
      void queryClient.invalidateQueries({ queryKey: GIVEN_KEY });
    },
    onError: (error) => toastError(t('auth.errors.title'), error, t('sharing.shareFailed')),
  });
}

export function useRemoveShare() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/account-share/${id}`),
    onSuccess: () => {
      toast({ title: t('sharing.removed') });
      void queryClient.invalidateQueries({ queryKey: GIVEN_KEY });
    },
    onError: (error) => toastError(t('sharing.removeFailed'), error),
  });
}

/** Switching (or switching back) changes whose data every screen shows: refetch everything. */
export function useSwitchAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const after = () => void queryClient.invalidateQueries();
  const into = useMutation({
    mutationFn: (ownerId: string) => postJson('/api/switch-account', { ownerId }),
    onSuccess: after,
    onError: (error) => toastError(t('sharing.switchFailed'), error),
  });
  const back = useMutation({
    mutationFn: () => postJson('/api/switch-back', {}),
    onSuccess: after,
    onError: (error) => toastError(t('sharing.switchBackFailed'), error),
  });
  return { into, back };
}
