import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PaymentLoading, type PaymentFormProps } from './PaymentForm';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js loads once per key, and only when a Stripe payment form is first shown. */
function stripeFor(key: string): Promise<Stripe | null> {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key).catch((error: unknown) => {
      // Blocked or offline: the next form tries again.
      console.warn('Stripe.js could not be loaded', error);
      loaded.delete(key);
      return null;
    });
    loaded.set(key, promise);
  }
  return promise;
}

function ConfirmForm({ submitLabel, onPaid, onFailed }: Omit<PaymentFormProps, 'clientSecret'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    // Cards confirm in place; methods that must leave the page return to the site's origin.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.origin },
      redirect: 'if_required',
    });
    setProcessing(false);
    if (error) onFailed(error.message ?? t('billing.toast.failedFallback'));
    else onPaid();
  };

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
      <PaymentElement />
      <Button type="submit" variant="gradient" size="lg" disabled={!stripe || processing}>
        {processing ? t('billing.form.processing') : submitLabel}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element around a client secret from our server. */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: PaymentFormProps & { publishableKey: string }) {
  const { t } = useTranslation();
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void stripeFor(publishableKey).then((loadedStripe) => current && setStripe(loadedStripe));
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (stripe === undefined) return <PaymentLoading />;
  if (stripe === null) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-destructive">
        {t('billing.premium.setupFailed')}
      </p>
    );
  }
  const dark = document.documentElement.classList.contains('dark');
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}
    >
      <ConfirmForm {...props} />
    </Elements>
  );
}
