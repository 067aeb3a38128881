import type { CurrentUser } from '@image-lab/contract';
import { ArrowLeft, Loader2, Trash2, UserPlus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import {
  useRemoveShare,
  useShareAccount,
  useSharesGiven,
  useSharesReceived,
  useSwitchAccount,
} from './api';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

function PermissionBadge({ permissions }: { permissions: 'read' | 'write' }) {
  const { t } = useTranslation();
  return permissions === 'write' ? (
    <Badge className="border-primary/40 bg-primary/10 text-primary">{t('sharing.write')}</Badge>
  ) : (
    <Badge>{t('sharing.read')}</Badge>
  );
}

export function AccountSharingPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const given = useSharesGiven(true);
  const received = useSharesReceived(true);
  const share = useShareAccount();
  const remove = useRemoveShare();
  const { into } = useSwitchAccount();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<'read' | 'write'>('read');
  const currentAccount = user.viewing?.ownerId ?? user.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return;
    share.mutate({ email: trimmed, permissions }, { onSuccess: () => setEmail('') });
  };
  if (given.isLoading || received.isLoading) {
    return (
      <p role="status" className="flex justify-center gap-2 py-24 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" />
        {t('sharing.loading')}
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link
        href="/editor"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" />
        {t('sharing.back')}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t('sharing.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('sharing.subtitle')}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <UserPlus className="size-5 text-primary" />
            {t('sharing.shareTitle')}
          </h2>
          <form className="mt-5 grid gap-4" onSubmit={submit}>
            <Field id="share-email" label={t('auth.email')}>
              <Input
                id="share-email"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field id="share-permissions" label={t('sharing.permissions')}>
              <select
                id="share-permissions"
                value={permissions}
                onChange={(e) => setPermissions(e.target.value as 'read' | 'write')}
                className="h-11 rounded-lg border bg-card px-3 text-sm"
              >
                <option value="read">{t('sharing.readOnly')}</option>
                <option value="write">{t('sharing.readWrite')}</option>
              </select>
            </Field>
            <Button type="submit" variant="gradient" disabled={share.isPending}>
              {share.isPending ? t('sharing.sharing') : t('sharing.share')}
            </Button>
          </form>
          <h3 className="mt-8 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t('sharing.sharedWith')}
          </h3>
          {given.data?.length ? (
            <ul className="mt-3 divide-y rounded-xl border" data-testid="shares-given">
              {given.data.map((s) => (
                <li key={s.id} className="flex items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {fullName(s.sharedWithFirstName, s.sharedWithLastName) || s.sharedWithEmail}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{s.sharedWithEmail}</p>
                  </div>
                  <PermissionBadge permissions={s.permissions} />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('sharing.remove')}
                    onClick={() => remove.mutate(s.id)}
                  >
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
              {t('sharing.noneGiven')}
            </p>
          )}
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Users className="size-5 text-primary" />
            {t('sharing.receivedTitle')}
          </h2>
          {received.data?.length ? (
            <ul className="mt-5 divide-y rounded-xl border" data-testid="shares-received">
              {received.data.map((s) => (
                <li key={s.id} className="flex items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {fullName(s.ownerFirstName, s.ownerLastName) || s.ownerEmail}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{s.ownerEmail}</p>
                  </div>
                  <PermissionBadge permissions={s.permissions} />
                  {currentAccount === s.ownerId ? (
                    <Badge className="border-emerald-500/40 text-emerald-600">
                      {t('sharing.current')}
                    </Badge>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={into.isPending}
                      onClick={() => into.mutate(s.ownerId)}
                    >
                      {t('sharing.switch')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-5 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
              {t('sharing.noneReceived')}
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
