import type { SubscriptionResponse } from '@image-lab/contract';
import { BILLING_PLANS, PLAN_IDS, type PlanKey } from '@image-lab/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { permissionRefusal, serverMessage } from '@/lib/api';
import { refreshBilling, startSubscription, useBillingConfig, useBillingOverview } from './api';
import { CompleteSubscription, SubscriptionDone } from './CompleteSubscription';
import { PlanCard, type PlanAction } from './PlanCard';
import { TestModeNotice } from './TestModeNotice';

type Phase = { step: 'choose' } | { step: 'pay'; plan: PlanKey } | { step: 'done'; plan: PlanKey };

/** /subscribe: the plan chooser, then 'Complete Your Subscription' with the card form. */
export function SubscribePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useBillingConfig();
  // Plans belong to the person's own account: while viewing a shared one they cannot be chosen.
  const viewingShared = Boolean(useCurrentUser().user?.viewing);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const overview = useBillingOverview(phase.step === 'done' ? 2000 : false);
  const current = overview.data?.subscription;
  const start = useMutation({
    mutationFn: startSubscription,
    onSuccess: (answer: SubscriptionResponse) => {
      if (answer.clientSecret === null) {
        // A plan change: charged to the card on file, nothing to confirm here.
        refreshBilling(queryClient);
        toast({
          title: t('billing.complete.planChanged'),
          description: t('billing.complete.planChangedBody', {
            plan: t(`billing.plans.${answer.plan}`),
          }),
        });
        setPhase({ step: 'done', plan: answer.plan });
      }
    },
    onError: (error) => {
      // A payment setup failure is logged (error catalogue); the form shows its own message.
      console.warn('subscription setup failed', serverMessage(error) ?? error);
    },
  });

  const choose = (plan: PlanKey) => {
    setPhase({ step: 'pay', plan });
    start.mutate(plan);
  };
  const actionFor = (plan: PlanKey): PlanAction => {
    if (!current?.active) return 'choose';
    return current.plan === plan ? 'current' : 'switch';
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Button asChild variant="ghost" size="sm">
        <Link href="/">
          <ArrowLeft />
          {t('billing.back')}
        </Link>
      </Button>
      {phase.step === 'choose' && (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('billing.plans.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('billing.plans.subtitle')}</p>
          {viewingShared && (
            <p
              role="note"
              data-testid="plans-own-account-only"
              className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {t('billing.plans.ownAccountOnly')}
            </p>
          )}
          {config.data?.mode === 'test' && (
            <div className="mt-6">
              <TestModeNotice />
            </div>
          )}
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {PLAN_IDS.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                action={actionFor(plan)}
                busy={start.isPending && start.variables === plan}
                disabled={viewingShared}
                onChoose={() => choose(plan)}
              />
            ))}
          </div>
        </>
      )}
      {phase.step === 'pay' && (
        <CompleteSubscription
          plan={phase.plan}
          priceCents={BILLING_PLANS[phase.plan].priceCents}
          config={config.data}
          clientSecret={start.data?.clientSecret ?? null}
          failed={start.isError}
          refusal={start.isError ? permissionRefusal(start.error) : undefined}
          onRetry={() => start.mutate(phase.plan)}
          onBack={() => setPhase({ step: 'choose' })}
          onPaid={() => {
            refreshBilling(queryClient);
            setPhase({ step: 'done', plan: phase.plan });
          }}
        />
      )}
      {phase.step === 'done' && (
        <SubscriptionDone plan={phase.plan} active={Boolean(current?.active)} />
      )}
    </div>
  );
}
