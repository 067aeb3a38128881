import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { failureOf, serverMessage } from '@/lib/api';
import { payWithTestCard } from './api';
import { formatCardNumber, formatExpiry } from './format';
import type { PaymentFormProps } from './PaymentForm';
import { TestModeNotice } from './TestModeNotice';

const EMPTY = { cardNumber: '', expiry: '', cvc: '' };

/** Test mode's card form: the server plays the card network (4242… pays, 4000…0002 declines). */
export function TestCardForm({ clientSecret, submitLabel, onPaid, onFailed }: PaymentFormProps) {
  const { t } = useTranslation();
  const [card, setCard] = useState(EMPTY);
  const [processing, setProcessing] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setCard((c) => ({ ...c, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProcessing(true);
    try {
      await payWithTestCard({ clientSecret, ...card });
      onPaid();
    } catch (error) {
      // Paid meanwhile in another tab: the same payment serves both forms.
      if (failureOf(error).code === 'already_paid') onFailed(t('billing.form.alreadyPaid'));
      else onFailed(serverMessage(error) ?? t('billing.toast.failedFallback'));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} data-testid="test-card-form">
      <TestModeNotice
        onFill={() => setCard({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })}
      />
      <Field id="card-number" label={t('billing.form.cardNumber')}>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          value={card.cardNumber}
          onChange={(e) => set('cardNumber')(formatCardNumber(e.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label={t('billing.form.expiry')}>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            required
            value={card.expiry}
            onChange={(e) => set('expiry')(formatExpiry(e.target.value))}
          />
        </Field>
        <Field id="card-cvc" label={t('billing.form.cvc')}>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            required
            value={card.cvc}
            onChange={(e) => set('cvc')(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <Button type="submit" variant="gradient" size="lg" disabled={processing}>
        {processing ? t('billing.form.processing') : submitLabel}
      </Button>
    </form>
  );
}
