import type { BillingConfig } from '@image-lab/contract';
import type { PlanKey } from '@image-lab/contract/catalogue';
import { CheckCircle2, Loader2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { centsToDollars, formatMoney } from './format';
import { PaymentForm, toastPaymentFailed, toastPaymentSucceeded } from './PaymentForm';

/** The second step of /subscribe: the chosen plan and its card form. */
export function CompleteSubscription({
  plan,
  priceCents,
  config,
  clientSecret,
  failed,
  refusal,
  onRetry,
  onBack,
  onPaid,
}: {
  plan: PlanKey;
  priceCents: number;
  config: BillingConfig | undefined;
  clientSecret: string | null;
  failed: boolean;
  /** Why the server refused for good (a shared account's viewer): shown without a retry. */
  refusal?: string;
  onRetry: () => void;
  onBack: () => void;
  onPaid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const price = formatMoney(centsToDollars(priceCents), 'usd', i18n.language);
  return (
    <Card className="mx-auto mt-4 max-w-lg">
      <h1 className="text-2xl font-bold tracking-tight">{t('billing.complete.title')}</h1>
      <p className="mt-1 text-muted-foreground">
        {t('billing.complete.summary', { plan: t(`billing.plans.${plan}`), price })}
      </p>
      <div className="mt-6">
        {failed ? (
          <div role="alert" className="grid justify-items-center gap-4 py-6 text-center">
            <p className="text-sm text-destructive">
              {refusal ?? t('billing.complete.loadFailed')}
            </p>
            {!refusal && (
              <Button variant="outline" onClick={onRetry}>
                <RotateCw />
                {t('billing.complete.retry')}
              </Button>
            )}
          </div>
        ) : (
          <PaymentForm
            config={config}
            clientSecret={clientSecret}
            submitLabel={t('billing.complete.subscribe')}
            onPaid={() => {
              toastPaymentSucceeded();
              onPaid();
            }}
            onFailed={toastPaymentFailed}
          />
        )}
      </div>
      <Button variant="link" className="mt-4 px-0" onClick={onBack}>
        {t('billing.complete.change')}
      </Button>
    </Card>
  );
}

/** After paying: confirmed once the server reports the plan active (webhooks may lag). */
export function SubscriptionDone({ plan, active }: { plan: PlanKey; active: boolean }) {
  const { t } = useTranslation();
  if (!active) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-24 text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" />
        {t('billing.complete.activating')}
      </p>
    );
  }
  return (
    <Card
      className="mx-auto mt-4 flex max-w-lg flex-col items-center text-center"
      data-testid="subscription-done"
    >
      <CheckCircle2 className="size-12 text-emerald-600" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">
        {t('billing.complete.doneTitle', { plan: t(`billing.plans.${plan}`) })}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('billing.complete.doneBody')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="gradient">
          <Link href="/">{t('billing.back')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/settings">{t('billing.complete.manage')}</Link>
        </Button>
      </div>
    </Card>
  );
}
