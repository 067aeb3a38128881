import type { BillingConfig } from '@image-lab/contract';
import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { TestCardForm } from './TestCardForm';

// Stripe's libraries are only downloaded when Stripe is configured and a form is shown.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

export interface PaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  onPaid: () => void;
  onFailed: (message: string) => void;
}

export function PaymentLoading() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground"
    >
      <Loader2 className="size-4 animate-spin" />
      {t('billing.form.loading')}
    </p>
  );
}

/** The card form for the server's mode: Stripe's Payment Element, or the local test form. */
export function PaymentForm({
  config,
  clientSecret,
  ...props
}: Omit<PaymentFormProps, 'clientSecret'> & {
  config: BillingConfig | undefined;
  clientSecret: string | null;
}) {
  if (!config || !clientSecret) return <PaymentLoading />;
  if (config.mode === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<PaymentLoading />}>
        <StripePaymentForm
          publishableKey={config.publishableKey}
          clientSecret={clientSecret}
          {...props}
        />
      </Suspense>
    );
  }
  return <TestCardForm clientSecret={clientSecret} {...props} />;
}

/** The error catalogue's payment toasts. */
export function toastPaymentSucceeded() {
  toast({
    title: i18n.t('billing.toast.successTitle'),
    description: i18n.t('billing.toast.successBody'),
  });
}

export function toastPaymentFailed(message: string) {
  toast({
    title: i18n.t('billing.toast.failedTitle'),
    description: message,
    variant: 'destructive',
  });
}
