import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginResponse } from '@image-lab/contract';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { isNetworkError, postJson, toastError } from '@/lib/api';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { safeReturnPath } from '@/lib/return-path';
import { useSignInProviders } from '@/hooks/use-sign-in-providers';
import { AuthLayout } from './AuthLayout';
import { ProviderButtons } from './ProviderButtons';
import { TwoFactorStep } from './TwoFactorStep';

export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const { oidc } = useSignInProviders();
  const signedIn = (user: CurrentUser) => {
    queryClient.setQueryData(CURRENT_USER_KEY, user);
    navigate(safeReturnPath(params.get('next')) ?? '/editor');
  };
  const login = useMutation({
    mutationFn: () => postJson<LoginResponse>('/api/auth/login', { email, password }),
    onSuccess: (answer) => ('twoFactorRequired' in answer ? setNeedsCode(true) : signedIn(answer)),
    onError: (error) =>
      isNetworkError(error)
        ? toast({
            title: t('auth.errors.title'),
            description: t('auth.login.networkError'),
            variant: 'destructive',
          })
        : toastError(t('auth.login.failed'), error, t('auth.login.invalid')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const providerError = params.get('error');
  if (needsCode)
    return <TwoFactorStep onSignedIn={signedIn} onRestart={() => setNeedsCode(false)} />;
  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {providerError && (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          {providerError === 'provider_not_configured'
            ? t('auth.providerNotConfigured', { provider: params.get('provider') ?? '' })
            : providerError === 'provider_unavailable'
              ? t('auth.providerUnavailable')
              : providerError === 'sign_in_failed'
                ? t('auth.signInFailed')
                : t('auth.invalidVerificationLink')}
        </p>
      )}
      <ProviderButtons />
      <form className="grid gap-4" onSubmit={submit}>
        <Field id="email" label={t('auth.email')}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="password" label={t('auth.password')}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Link
          href="/forgot-password"
          className="justify-self-end text-sm font-medium text-primary hover:underline"
        >
          {t('auth.login.forgot')}
        </Link>
        <Button type="submit" variant="gradient" size="lg" disabled={login.isPending}>
          {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            // With an organisation's sign-in configured it starts; otherwise the spec's notice.
            oidc
              ? window.location.assign('/api/login')
              : toast({ title: t('auth.sso.title'), description: t('auth.sso.description') })
          }
        >
          <KeyRound />
          {t('auth.sso.button')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        {t('auth.login.noAccount')}{' '}
        <Link href="/signup" className="font-medium text-primary hover:underline">
          {t('auth.login.create')}
        </Link>
      </p>
    </AuthLayout>
  );
}
