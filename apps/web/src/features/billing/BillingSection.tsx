import type { BillingSubscription } from '@image-lab/contract';
import { BILLING_PLANS, PREMIUM_ROOMS_AMOUNT } from '@image-lab/contract/catalogue';
import { Coins, Crown, CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { toastError } from '@/lib/api';
import { useBillingOverview, useCancellation } from './api';
import { CreditHistory } from './CreditHistory';
import { centsToDollars, formatDay, formatMoney } from './format';
import { InvoiceList } from './InvoiceList';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b py-4 last:border-b-0">
      <p className="flex items-center gap-2 text-sm font-medium">
        {icon}
        {label}
      </p>
      <div className="flex flex-wrap items-center justify-end gap-2">{children}</div>
    </div>
  );
}

function statusKey(subscription: BillingSubscription) {
  if (subscription.active && subscription.cancelAtPeriodEnd) return 'cancelling';
  if (subscription.active) return 'active';
  return subscription.status === 'past_due' ? 'past_due' : 'other';
}

const STATUS_CLASS: Record<string, string> = {
  active: 'border-emerald-500/40 text-emerald-700 dark:text-emerald-300',
  cancelling: 'border-amber-500/50 text-amber-700 dark:text-amber-300',
  past_due: 'border-red-500/50 text-red-700 dark:text-red-300',
  other: '',
};

/** Account settings' billing: plan, renewal, cancel, premium rooms, invoices, credit history. */
export function BillingSection() {
  const { t, i18n } = useTranslation();
  const overview = useBillingOverview();
  const cancellation = useCancellation();
  const lng = i18n.language;

  const setCancel = (cancel: boolean) => {
    if (cancel && !window.confirm(t('billing.section.cancelConfirm'))) return;
    cancellation.mutate(cancel, {
      onError: (error) => toastError(t('auth.errors.title'), error, t('settings.failed')),
    });
  };

  const body = () => {
    if (overview.isPending)
      return <p className="text-sm text-muted-foreground">{t('billing.section.loading')}</p>;
    if (overview.isError)
      return <p className="text-sm text-destructive">{t('billing.section.error')}</p>;
    const { subscription: sub, premiumRooms, creditsRemaining, invoices, mode } = overview.data;
    const status = sub ? statusKey(sub) : null;
    return (
      <>
        {mode === 'test' && (
          <Badge className="mb-2 border-amber-500/50 bg-amber-500/10 text-amber-800 dark:text-amber-200">
            {t('billing.testMode.badge')}
          </Badge>
        )}
        <Row
          icon={<CreditCard className="size-4 text-primary" />}
          label={t('billing.section.plan')}
        >
          {sub ? (
            <div className="text-right" data-testid="billing-plan">
              <p className="flex items-center justify-end gap-2 font-semibold">
                {t(`billing.plans.${sub.plan}`)} ·{' '}
                {formatMoney(centsToDollars(BILLING_PLANS[sub.plan].priceCents), 'usd', lng)}
                {t('billing.plans.perMonth')}
                <Badge className={STATUS_CLASS[status!]}>
                  {t(`billing.section.status.${status}`)}
                </Badge>
              </p>
              {sub.currentPeriodEnd && (
                <p className="text-xs text-muted-foreground" data-testid="billing-renewal">
                  {t(sub.cancelAtPeriodEnd ? 'billing.section.endsOn' : 'billing.section.renews', {
                    date: formatDay(sub.currentPeriodEnd, lng),
                  })}
                </p>
              )}
              {status === 'past_due' && (
                <p className="text-xs text-destructive">{t('billing.section.pastDue')}</p>
              )}
            </div>
          ) : (
            <span className="text-sm text-muted-foreground">{t('billing.section.noPlan')}</span>
          )}
          <div className="flex w-full flex-wrap justify-end gap-2">
            <Button asChild size="sm" variant={sub ? 'outline' : 'gradient'}>
              <Link href="/subscribe">
                {t(sub ? 'billing.section.changePlan' : 'billing.section.choosePlan')}
              </Link>
            </Button>
            {sub?.active && (
              <Button
                size="sm"
                variant="outline"
                disabled={cancellation.isPending}
                onClick={() => setCancel(!sub.cancelAtPeriodEnd)}
              >
                {t(sub.cancelAtPeriodEnd ? 'billing.section.resume' : 'billing.section.cancel')}
              </Button>
            )}
          </div>
        </Row>
        <Row
          icon={<Crown className="size-4 text-primary" />}
          label={t('billing.section.premiumRooms')}
        >
          {premiumRooms ? (
            <Badge className={STATUS_CLASS.active} data-testid="premium-rooms-status">
              {t('billing.section.unlocked')}
            </Badge>
          ) : (
            <Button asChild size="sm" variant="outline">
              <Link href="/checkout">
                {t('billing.section.unlock', {
                  price: formatMoney(PREMIUM_ROOMS_AMOUNT, 'usd', lng),
                })}
              </Link>
            </Button>
          )}
        </Row>
        <Row icon={<Coins className="size-4 text-primary" />} label={t('billing.section.credits')}>
          <span className="font-semibold tabular-nums" data-testid="billing-credits">
            {creditsRemaining.toLocaleString(lng)}
          </span>
        </Row>
        <InvoiceList invoices={invoices} />
        <CreditHistory />
      </>
    );
  };

  return (
    <Card data-testid="billing-section" className="min-w-0">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CreditCard className="size-5 text-primary" />
        {t('billing.section.title')}
      </h2>
      <div className="mt-2">{body()}</div>
    </Card>
  );
}
