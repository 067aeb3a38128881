import { RegistrationForm, type RegisterResponse } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { postJson, toastError } from '@/lib/api';
import { AuthLayout } from './AuthLayout';
import { useSignInProviders } from '@/hooks/use-sign-in-providers';
import { SignedUp } from './SignedUp';
import { useFieldErrors } from './use-field-errors';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const { errors, validate } = useFieldErrors();
  const providers = useSignInProviders();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const register = useMutation({
    mutationFn: ({ confirmPassword: _c, ...body }: typeof EMPTY) =>
      postJson<RegisterResponse>('/api/auth/register', body),
    onSuccess: () =>
      toast({ title: t('auth.register.success'), description: t('auth.register.successBody') }),
    onError: (error) =>
      toastError(t('auth.register.failed'), error, t('auth.register.failedDefault')),
  });

  if (register.isSuccess) return <SignedUp answer={register.data} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = validate(RegistrationForm, form);
    if (body) register.mutate({ ...form, ...body });
  };
  const fields: [keyof typeof EMPTY, string, string][] = [
    ['firstName', 'auth.firstName', 'given-name'],
    ['lastName', 'auth.lastNameOptional', 'family-name'],
    ['email', 'auth.email', 'email'],
  ];
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {fields.map(([key, label, autoComplete]) => (
          <Field key={key} id={key} label={t(label)} error={errors[key]}>
            <Input
              id={key}
              type={key === 'email' ? 'email' : 'text'}
              autoComplete={autoComplete}
              value={form[key]}
              onChange={set(key)}
              aria-invalid={Boolean(errors[key])}
            />
          </Field>
        ))}
        <Field id="password" label={t('auth.password')} error={errors.password}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            aria-invalid={Boolean(errors.password)}
          />
        </Field>
        <Field
          id="confirmPassword"
          label={t('auth.confirmPassword')}
          error={errors.confirmPassword}
        >
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            aria-invalid={Boolean(errors.confirmPassword)}
          />
        </Field>
        <Button type="submit" variant="gradient" size="lg" disabled={register.isPending}>
          {register.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
      <div className="mt-8 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        {providers.google && (
          <a href="/api/auth/google" className="text-primary hover:underline">
            {t('auth.register.withGoogle')}
          </a>
        )}
        {providers.oidc && (
          <a href="/api/login" className="text-primary hover:underline">
            {t('auth.register.withSso')}
          </a>
        )}
        <Link href="/login" className="text-primary hover:underline">
          {t('auth.register.haveAccount')}
        </Link>
      </div>
    </AuthLayout>
  );
}
