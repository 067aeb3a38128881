import { PREMIUM_ROOMS_AMOUNT } from '@image-lab/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCircle2, Crown, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CurrentUser } from '@/hooks/use-current-user';
import { createPremiumPayment, refreshBilling, useBillingConfig } from './api';
import { formatMoney } from './format';
import { PaymentForm, toastPaymentFailed, toastPaymentSucceeded } from './PaymentForm';

function Unlocked() {
  const { t } = useTranslation();
  return (
    <div
      className="grid justify-items-center gap-3 py-6 text-center"
      data-testid="premium-unlocked"
    >
      <CheckCircle2 className="size-12 text-emerald-600" />
      <h2 className="text-xl font-semibold">{t('billing.premium.unlockedTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('billing.premium.unlockedBody')}</p>
      <Button asChild variant="gradient" className="mt-2">
        <Link href="/furniture-shopping">{t('billing.premium.openRooms')}</Link>
      </Button>
    </div>
  );
}

/**
 * /checkout: the premium room upgrade (29.99, one-off). The payment form appears once the
 * server has returned a client secret for the amount it priced itself.
 */
export function CheckoutPage({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const config = useBillingConfig();
  const [paid, setPaid] = useState(false);
  const unlocked = paid || Boolean(user.premiumRooms);
  const intent = useMutation({
    mutationFn: createPremiumPayment,
    // The error catalogue: a payment setup failure is only logged; the card offers a retry.
    onError: (error) => console.warn('payment setup failed', error),
  });
  const { mutate } = intent;
  useEffect(() => {
    if (!unlocked) mutate();
  }, [unlocked, mutate]);

  const features = [
    t('billing.premium.featureUnlimited'),
    t('billing.premium.featureStyles'),
    t('billing.premium.featureFurniture'),
  ];
  return (
    <div className="mx-auto max-w-lg px-4 py-6 sm:px-6">
      <Button asChild variant="ghost" size="sm">
        <Link href="/">
          <ArrowLeft />
          {t('billing.back')}
        </Link>
      </Button>
      <Card className="mt-2">
        <span className="grid size-12 place-items-center rounded-2xl brand-gradient text-white">
          <Crown className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{t('billing.premium.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('billing.premium.subtitle')}</p>
        <p className="mt-4">
          <span className="text-3xl font-bold">
            {formatMoney(PREMIUM_ROOMS_AMOUNT, 'usd', i18n.language)}
          </span>{' '}
          <span className="text-sm text-muted-foreground">{t('billing.premium.oneTime')}</span>
        </p>
        <ul className="mt-4 grid gap-2 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-emerald-600" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 border-t pt-6">
          {unlocked ? (
            <Unlocked />
          ) : intent.isError ? (
            <div role="alert" className="grid justify-items-center gap-4 py-6 text-center">
              <p className="text-sm text-destructive">{t('billing.premium.setupFailed')}</p>
              <Button variant="outline" onClick={() => mutate()}>
                <RotateCw />
                {t('billing.complete.retry')}
              </Button>
            </div>
          ) : (
            <PaymentForm
              config={config.data}
              clientSecret={intent.data?.clientSecret ?? null}
              submitLabel={t('billing.form.payNow')}
              onPaid={() => {
                toastPaymentSucceeded();
                setPaid(true);
                refreshBilling(queryClient);
              }}
              onFailed={toastPaymentFailed}
            />
          )}
        </div>
      </Card>
    </div>
  );
}
