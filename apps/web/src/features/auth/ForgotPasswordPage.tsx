import { ForgotPasswordRequest, type ForgotPasswordResponse } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { postJson, toastError } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { CheckEmail } from './CheckEmail';
import { useFieldErrors } from './use-field-errors';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { errors, validate } = useFieldErrors();
  const send = useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      postJson<ForgotPasswordResponse>('/api/auth/forgot-password', body),
    onSuccess: () =>
      toast({ title: t('auth.forgot.sentToast'), description: t('auth.forgot.sentToastBody') }),
    onError: (error) => toastError(t('auth.errors.title'), error, t('auth.forgot.failedDefault')),
  });
  const backToSignIn = (
    <Button asChild variant="ghost">
      <Link href="/login">{t('auth.backToSignIn')}</Link>
    </Button>
  );
  if (send.isSuccess) {
    return (
      <AuthLayout title={t('auth.forgot.title')}>
        <CheckEmail body={t('auth.forgot.sent')} devUrl={send.data.resetUrl}>
          <Button variant="outline" onClick={() => send.reset()}>
            {t('auth.forgot.again')}
          </Button>
          {backToSignIn}
        </CheckEmail>
      </AuthLayout>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = validate(ForgotPasswordRequest, { email });
    if (body) send.mutate(body);
  };
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field id="email" label={t('auth.email')} error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
          />
        </Field>
        <Button type="submit" variant="gradient" size="lg" disabled={send.isPending}>
          {send.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
        {backToSignIn}
      </form>
    </AuthLayout>
  );
}
