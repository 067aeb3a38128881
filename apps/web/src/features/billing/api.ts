import type {
  BillingConfig,
  BillingOverview,
  CreditHistoryResponse,
  PaymentIntentResponse,
  SubscriptionResponse,
  TestCardRequest,
} from '@image-lab/contract';
import type { PlanKey } from '@image-lab/contract/catalogue';
import { PREMIUM_ROOMS_AMOUNT } from '@image-lab/contract/catalogue';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { USER_STATS_KEY } from '@/features/credits/use-user-stats';
import { apiRequest, postJson } from '@/lib/api';

export const BILLING_CONFIG_KEY = ['/api/billing/config'];
export const BILLING_KEY = ['/api/billing'];
export const CREDIT_HISTORY_KEY = ['/api/billing/credit-history'];

/** Test mode or Stripe: fixed for the server's lifetime. */
export function useBillingConfig() {
  return useQuery<BillingConfig>({ queryKey: BILLING_CONFIG_KEY, staleTime: Infinity });
}

export function useBillingOverview(refetchInterval: number | false = false) {
  return useQuery<BillingOverview>({ queryKey: BILLING_KEY, refetchInterval });
}

export function useCreditHistory() {
  return useInfiniteQuery({
    queryKey: CREDIT_HISTORY_KEY,
    initialPageParam: '',
    queryFn: async ({ pageParam }): Promise<CreditHistoryResponse> => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      const res = await apiRequest('GET', `/api/billing/credit-history?limit=10${cursor}`);
      return (await res.json()) as CreditHistoryResponse;
    },
    getNextPageParam: (last: CreditHistoryResponse) => last.nextCursor ?? undefined,
  });
}

/** After a payment or a plan change: the server holds the new truth, so read it again. */
export function refreshBilling(queryClient: QueryClient) {
  for (const queryKey of [USER_STATS_KEY, CURRENT_USER_KEY, BILLING_KEY, CREDIT_HISTORY_KEY]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export const startSubscription = (plan: PlanKey) =>
  postJson<SubscriptionResponse>('/api/get-or-create-subscription', { plan });

/** The amount goes as the spec shows it; the server prices it from its own list. */
export const createPremiumPayment = () =>
  postJson<PaymentIntentResponse>('/api/create-payment-intent', { amount: PREMIUM_ROOMS_AMOUNT });

export const payWithTestCard = (card: TestCardRequest) =>
  postJson<{ status: 'succeeded' }>('/api/billing/test-card', card);

export function useCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      postJson<{ message: string }>(cancel ? '/api/billing/cancel' : '/api/billing/resume', {}),
    onSettled: () => refreshBilling(queryClient),
  });
}
