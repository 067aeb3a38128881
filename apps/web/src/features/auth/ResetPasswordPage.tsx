import { ResetPasswordForm } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, PasswordInput } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { postJson, toastError } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { useFieldErrors } from './use-field-errors';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [form, setForm] = useState({ newPassword: '', confirmPassword: '' });
  const { errors, validate } = useFieldErrors();
  const reset = useMutation({
    mutationFn: () =>
      postJson('/api/auth/reset-password', { token, newPassword: form.newPassword }),
    onSuccess: () =>
      toast({ title: t('auth.reset.successToast'), description: t('auth.reset.successToastBody') }),
    onError: (error) => toastError(t('auth.reset.failed'), error, t('auth.reset.failedDefault')),
  });

  if (!token) {
    return (
      <AuthLayout title={t('auth.reset.invalidTitle')}>
        <div className="text-center">
          <ShieldAlert className="mx-auto size-12 text-destructive" />
          <p className="mt-4 text-muted-foreground">{t('auth.reset.invalidBody')}</p>
          <Button asChild variant="gradient" className="mt-6">
            <Link href="/forgot-password">{t('auth.reset.requestNew')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('auth.reset.completeTitle')}>
        <div className="text-center">
          <CheckCircle2 className="mx-auto size-12 text-emerald-500" />
          <p className="mt-4 text-muted-foreground">{t('auth.reset.successToastBody')}</p>
          <Button asChild variant="gradient" className="mt-6">
            <Link href="/login">{t('auth.reset.signInNow')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(ResetPasswordForm, form)) reset.mutate();
  };
  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field id="newPassword" label={t('auth.reset.newPassword')} error={errors.newPassword}>
          <PasswordInput
            id="newPassword"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(e) => setForm((f) => ({ ...f, newPassword: e.target.value }))}
            aria-invalid={Boolean(errors.newPassword)}
          />
        </Field>
        <Field
          id="confirmPassword"
          label={t('auth.reset.confirmPassword')}
          error={errors.confirmPassword}
        >
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => setForm((f) => ({ ...f, confirmPassword: e.target.value }))}
            aria-invalid={Boolean(errors.confirmPassword)}
          />
        </Field>
        <Button type="submit" variant="gradient" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
        <Button asChild variant="ghost">
          <Link href="/login">{t('auth.backToSignIn')}</Link>
        </Button>
      </form>
    </AuthLayout>
  );
}
