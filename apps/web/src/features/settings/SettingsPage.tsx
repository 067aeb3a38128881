import type { CurrentUser } from '@image-lab/contract';
import { Download, KeyRound, LogOut, Mail, MapPinOff, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { Field, Input, PasswordInput } from '@/components/ui/input';
import { BillingSection } from '@/features/billing/BillingSection';
import { LocationPrivacy } from './LocationPrivacy';
import { useSettingsAction } from './use-settings-action';

function Section({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

export function SettingsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '' });
  const [emailChange, setEmailChange] = useState({ newEmail: '', password: '' });
  const [deletePassword, setDeletePassword] = useState('');
  const [confirmationUrl, setConfirmationUrl] = useState<string>();
  const changePassword = useSettingsAction('POST', '/api/auth/change-password', () =>
    setPasswords({ currentPassword: '', newPassword: '' }),
  );
  const changeEmail = useSettingsAction('POST', '/api/auth/change-email', (a) =>
    setConfirmationUrl(a.confirmationUrl),
  );
  const logoutOthers = useSettingsAction('POST', '/api/auth/logout-others');
  const deleteAccount = useSettingsAction('DELETE', '/api/auth/account', () =>
    window.location.assign('/'),
  );
  const submit = (action: () => void) => (event: FormEvent) => {
    event.preventDefault();
    action();
  };
  const confirmDelete = () => {
    if (window.confirm(t('settings.deleteConfirm')))
      deleteAccount.mutate({ password: deletePassword });
  };
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('settings.title')}</h1>
        <p className="mt-2 break-all text-muted-foreground">{user.email}</p>
      </div>
      {!user.viewing && <BillingSection />}
      <Section icon={<Mail className="size-5 text-primary" />} title={t('settings.emailTitle')}>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={submit(() => changeEmail.mutate(emailChange))}
        >
          <Field id="newEmail" label={t('settings.newEmail')}>
            <Input
              id="newEmail"
              type="email"
              required
              value={emailChange.newEmail}
              onChange={(e) => setEmailChange((f) => ({ ...f, newEmail: e.target.value }))}
            />
          </Field>
          <Field id="emailPassword" label={t('settings.currentPassword')}>
            <PasswordInput
              id="emailPassword"
              required
              value={emailChange.password}
              onChange={(e) => setEmailChange((f) => ({ ...f, password: e.target.value }))}
            />
          </Field>
          <Button
            type="submit"
            variant="outline"
            className="sm:col-span-2 sm:justify-self-start"
            disabled={changeEmail.isPending}
          >
            {t('settings.changeEmail')}
          </Button>
        </form>
        {confirmationUrl && (
          <a
            href={confirmationUrl}
            className="mt-3 block break-all text-sm text-primary underline"
            data-testid="dev-link"
          >
            {confirmationUrl}
          </a>
        )}
      </Section>
      <Section
        icon={<KeyRound className="size-5 text-primary" />}
        title={t('settings.passwordTitle')}
      >
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={submit(() => changePassword.mutate(passwords))}
        >
          <Field id="currentPassword" label={t('settings.currentPassword')}>
            <PasswordInput
              id="currentPassword"
              required
              value={passwords.currentPassword}
              onChange={(e) => setPasswords((f) => ({ ...f, currentPassword: e.target.value }))}
            />
          </Field>
          <Field id="newPassword" label={t('auth.reset.newPassword')}>
            <PasswordInput
              id="newPassword"
              required
              minLength={8}
              value={passwords.newPassword}
              onChange={(e) => setPasswords((f) => ({ ...f, newPassword: e.target.value }))}
            />
          </Field>
          <Button
            type="submit"
            variant="outline"
            className="sm:col-span-2 sm:justify-self-start"
            disabled={changePassword.isPending}
          >
            {t('settings.changePassword')}
          </Button>
        </form>
      </Section>
      <Section icon={<ShieldCheck className="size-5 text-primary" />} title={t('twoFactor.title')}>
        <div className="flex flex-wrap items-center gap-3">
          <Badge className={user.twoFactorEnabled ? 'border-emerald-500/40 text-emerald-600' : ''}>
            {user.twoFactorEnabled ? t('settings.twoFactorOn') : t('settings.twoFactorOff')}
          </Badge>
          {!user.twoFactorEnabled && (
            <Button asChild variant="outline" size="sm">
              <Link href="/setup-2fa">{t('twoFactor.start')}</Link>
            </Button>
          )}
        </div>
      </Section>
      {!user.viewing && (
        <Section
          icon={<MapPinOff className="size-5 text-primary" />}
          title={t('settings.locationTitle')}
        >
          <LocationPrivacy user={user} />
        </Section>
      )}
      <Section
        icon={<LogOut className="size-5 text-primary" />}
        title={t('settings.sessionsTitle')}
      >
        <p className="text-sm text-muted-foreground">{t('settings.sessionsBody')}</p>
        <Button
          variant="outline"
          className="mt-4"
          disabled={logoutOthers.isPending}
          onClick={() => logoutOthers.mutate(undefined)}
        >
          {t('settings.logoutOthers')}
        </Button>
      </Section>
      <Section icon={<Download className="size-5 text-primary" />} title={t('settings.dataTitle')}>
        <Button asChild variant="outline">
          <a href="/api/auth/export" download>
            <Download />
            {t('settings.export')}
          </a>
        </Button>
        <form
          className="mt-6 grid gap-3 rounded-xl border border-destructive/40 p-4"
          onSubmit={submit(confirmDelete)}
        >
          <p className="font-medium text-destructive">{t('settings.deleteTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('settings.deleteBody')}</p>
          <Field id="deletePassword" label={t('settings.currentPassword')}>
            <PasswordInput
              id="deletePassword"
              required
              value={deletePassword}
              onChange={(e) => setDeletePassword(e.target.value)}
            />
          </Field>
          <Button
            type="submit"
            variant="destructive"
            className="justify-self-start"
            disabled={deleteAccount.isPending}
          >
            <Trash2 />
            {t('settings.delete')}
          </Button>
        </form>
      </Section>
    </div>
  );
}
