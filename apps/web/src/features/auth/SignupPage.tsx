import { RegisterRequest, type RegisterResponse } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { isNetworkError, postJson, toastError } from '@/lib/api';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { AuthLayout } from './AuthLayout';
import { SignedUp } from './SignedUp';
import { ProviderButtons } from './ProviderButtons';
import { useFieldErrors } from './use-field-errors';

export function SignupPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
  });
  const { errors, validate } = useFieldErrors();
  // As on /register: the address must be confirmed before signing in (one behaviour, issue 21).
  const [sent, setSent] = useState<RegisterResponse | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const signup = useMutation({
    mutationFn: (body: RegisterRequest) => postJson<RegisterResponse>('/api/auth/register', body),
    onSuccess: async (answer) => {
      toast({ title: t('auth.signup.success'), description: t('auth.signup.successBody') });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      setSent(answer);
    },
    onError: (error) =>
      isNetworkError(error)
        ? toast({
            title: t('auth.errors.title'),
            description: t('auth.signup.networkError'),
            variant: 'destructive',
          })
        : toastError(t('auth.signup.failed'), error, t('auth.signup.failedDefault')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.password !== form.confirm) {
      toast({
        title: t('auth.errors.title'),
        description: t('auth.signup.mismatch'),
        variant: 'destructive',
      });
      return;
    }
    const { confirm: _confirm, lastName, ...rest } = form;
    const body = validate(RegisterRequest, { ...rest, ...(lastName.trim() ? { lastName } : {}) });
    if (body) signup.mutate(body);
  };
  if (sent) return <SignedUp answer={sent} />;
  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <ProviderButtons />
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="firstName" label={t('auth.firstName')} error={errors.firstName}>
            <Input
              id="firstName"
              autoComplete="given-name"
              required
              value={form.firstName}
              onChange={set('firstName')}
            />
          </Field>
          <Field id="lastName" label={t('auth.lastNameOptional')}>
            <Input
              id="lastName"
              autoComplete="family-name"
              value={form.lastName}
              onChange={set('lastName')}
            />
          </Field>
        </div>
        <Field id="email" label={t('auth.email')} error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={set('email')}
          />
        </Field>
        <Field id="password" label={t('auth.password')} error={errors.password}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field id="confirm" label={t('auth.confirmPassword')}>
          <PasswordInput
            id="confirm"
            autoComplete="new-password"
            required
            value={form.confirm}
            onChange={set('confirm')}
          />
        </Field>
        <Button type="submit" variant="gradient" size="lg" disabled={signup.isPending}>
          {signup.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('auth.signup.terms')}</p>
      </form>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        {t('auth.signup.haveAccount')}{' '}
        <Link href="/login" className="font-medium text-primary hover:underline">
          {t('nav.login')}
        </Link>
      </p>
    </AuthLayout>
  );
}
