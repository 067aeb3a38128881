import { BILLING_PLANS, type PlanKey } from '@image-lab/contract/catalogue';
import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { centsToDollars, formatMoney } from './format';

export type PlanAction = 'choose' | 'switch' | 'current';

/** One plan of the chooser (working areas §2 Subscription, §9 prices). */
export function PlanCard({
  plan,
  action,
  busy,
  disabled = false,
  onChoose,
}: {
  plan: PlanKey;
  action: PlanAction;
  busy: boolean;
  /** Nothing can be chosen (a shared account is being viewed). */
  disabled?: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const info = BILLING_PLANS[plan];
  const name = t(`billing.plans.${plan}`);
  const features = [
    t('billing.plans.tokens', { count: info.credits }),
    t('billing.plans.allTools'),
    t('billing.plans.refresh'),
    ...(info.prioritySupport ? [t('billing.plans.prioritySupport')] : []),
  ];
  return (
    <Card
      data-testid={`plan-${plan}`}
      className={cn(
        'relative flex flex-col',
        info.mostPopular && 'border-primary shadow-lg shadow-primary/10 ring-1 ring-primary',
      )}
    >
      {info.mostPopular && (
        <Badge className="brand-gradient absolute -top-3 left-6 gap-1 border-0 text-white">
          <Sparkles className="size-3" />
          {t('billing.plans.mostPopular')}
        </Badge>
      )}
      <h2 className="text-xl font-semibold">{name}</h2>
      <p className="mt-3">
        <span className="text-4xl font-bold tracking-tight">
          {formatMoney(centsToDollars(info.priceCents), 'usd', i18n.language)}
        </span>
        <span className="text-muted-foreground">{t('billing.plans.perMonth')}</span>
      </p>
      <ul className="mt-6 grid flex-1 gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check className="size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-8"
        size="lg"
        variant={info.mostPopular ? 'gradient' : 'outline'}
        disabled={busy || disabled || action === 'current'}
        onClick={onChoose}
      >
        {action === 'current'
          ? t('billing.plans.current')
          : busy
            ? t('billing.plans.starting')
            : t(action === 'switch' ? 'billing.plans.switchTo' : 'billing.plans.choose', {
                plan: name,
              })}
      </Button>
    </Card>
  );
}
