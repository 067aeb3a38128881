import { Route, Switch } from 'wouter';
import { AccountSharingPage } from '@/features/account-sharing/AccountSharingPage';
import { SettingsPage } from '@/features/settings/SettingsPage';
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage';
import { LoginPage } from '@/features/auth/LoginPage';
import { RegisterPage } from '@/features/auth/RegisterPage';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';
import { SetupTwoFactorPage } from '@/features/auth/SetupTwoFactorPage';
import { SignupPage } from '@/features/auth/SignupPage';
import { useCurrentUser, type CurrentUser } from '@/features/auth/use-current-user';
import { LandingPage } from '@/features/landing/LandingPage';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { AppShell } from '@/features/shell/AppShell';
import { PlaceholderScreen } from '@/features/shell/PlaceholderScreen';
import { PublicScreen } from '@/features/shell/PublicScreen';

/** Signed-in screens (spec §2.1). Visitors, and everyone while sign-in loads, see the landing. */
const PRIVATE_ROUTES: [string, string][] = [
  ['/', 'screens.editor'],
  ['/editor', 'screens.editor'],
  ['/image-editor', 'screens.editor'],
  ['/whiteboard', 'screens.whiteboard'],
  ['/stats', 'screens.stats'],
  ['/checkout', 'screens.checkout'],
  ['/gallery', 'screens.gallery'],
  ['/gallery/design/:uploadId', 'screens.design'],
  ['/furniture-shopping', 'screens.furniture'],
  ['/subscribe', 'screens.subscribe'],
];

/** Open to everyone. */
const PUBLIC_ROUTES: [string, string][] = [
  ['/shared/:shareToken', 'screens.sharedGallery'],
  ['/share/:token', 'screens.sharedProject'],
];

function PrivateScreen({ titleKey, user }: { titleKey: string; user: CurrentUser | null }) {
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <PlaceholderScreen titleKey={titleKey} />
    </AppShell>
  );
}

export function AppRoutes() {
  const { user } = useCurrentUser();
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/setup-2fa" component={SetupTwoFactorPage} />
      <Route path="/settings">
        {user ? (
          <AppShell user={user}>
            <SettingsPage user={user} />
          </AppShell>
        ) : (
          <LandingPage />
        )}
      </Route>
      <Route path="/account-sharing">
        {user ? (
          <AppShell user={user}>
            <AccountSharingPage user={user} />
          </AppShell>
        ) : (
          <LandingPage />
        )}
      </Route>
      {PRIVATE_ROUTES.map(([path, titleKey]) => (
        <Route key={path} path={path}>
          <PrivateScreen titleKey={titleKey} user={user} />
        </Route>
      ))}
      {PUBLIC_ROUTES.map(([path, titleKey]) => (
        <Route key={path} path={path}>
          <PublicScreen>
            <PlaceholderScreen titleKey={titleKey} />
          </PublicScreen>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
