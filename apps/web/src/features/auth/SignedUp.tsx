import type { RegisterResponse } from '@image-lab/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { AuthLayout } from './AuthLayout';
import { CheckEmail } from './CheckEmail';

/**
 * What both sign-up screens (/signup and /register) show once the account exists: the session
 * has started, the address still needs its link ('Check Your Email', with the link itself in
 * development), and the editor is one click away.
 */
export function SignedUp({ answer }: { answer: RegisterResponse }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.register.title')}>
      <CheckEmail body={t('auth.register.sent')} devUrl={answer.verificationUrl}>
        <Button asChild variant="gradient">
          <Link href="/editor">{t('auth.startEditing')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">{t('auth.backHome')}</Link>
        </Button>
      </CheckEmail>
    </AuthLayout>
  );
}
