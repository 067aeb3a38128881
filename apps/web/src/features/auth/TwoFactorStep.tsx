import type { CurrentUser } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { postJson, toastError } from '@/lib/api';
import { AuthLayout } from './AuthLayout';

/** The second step of signing in: a code from the authenticator app or a backup code. */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn(user: CurrentUser): void;
  onRestart(): void;
}) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const verify = useMutation({
    mutationFn: () => postJson<CurrentUser>('/api/auth/login/2fa', { token }),
    onSuccess: onSignedIn,
    onError: (error) => toastError(t('twoFactor.verifyFailed'), error, t('twoFactor.invalidCode')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) verify.mutate();
  };
  return (
    <AuthLayout title={t('twoFactor.loginTitle')} subtitle={t('twoFactor.loginSubtitle')}>
      <form className="grid gap-4" onSubmit={submit}>
        <Field id="code" label={t('twoFactor.codeLabel')} hint={t('twoFactor.loginHint')}>
          <Input
            id="code"
            autoComplete="one-time-code"
            autoFocus
            maxLength={20}
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </Field>
        <Button
          type="submit"
          variant="gradient"
          size="lg"
          disabled={verify.isPending || !token.trim()}
        >
          {verify.isPending ? t('twoFactor.verifying') : t('twoFactor.verify')}
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart}>
          {t('auth.backToSignIn')}
        </Button>
      </form>
    </AuthLayout>
  );
}
