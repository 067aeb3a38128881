import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { useGuestMode } from '@/features/guest/guest-mode';
import { LandingPage } from '@/features/landing/LandingPage';
import { useVerifiedToast } from '@/features/landing/use-verified-toast';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { AppShell } from '@/features/shell/AppShell';
import { PlaceholderScreen } from '@/features/shell/PlaceholderScreen';
import { useCurrentUser, type CurrentUser } from './hooks/use-current-user';
import { PublicScreen } from './components/PublicScreen';

// Screens off the landing path load on demand, so a visitor's first paint stays small.
function named<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
const LoginPage = named(() => import('@/features/auth/LoginPage'), 'LoginPage');
const SignupPage = named(() => import('@/features/auth/SignupPage'), 'SignupPage');
const RegisterPage = named(() => import('@/features/auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = named(
  () => import('@/features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = named(
  () => import('@/features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
const SetupTwoFactorPage = named(
  () => import('@/features/auth/SetupTwoFactorPage'),
  'SetupTwoFactorPage',
);
const SettingsPage = named(() => import('@/features/settings/SettingsPage'), 'SettingsPage');
const AccountSharingPage = named(
  () => import('@/features/account-sharing/AccountSharingPage'),
  'AccountSharingPage',
);
const EditorPage = named(() => import('@/features/editor/EditorPage'), 'EditorPage');
const StatsPage = named(() => import('@/features/stats/StatsPage'), 'StatsPage');
// react-konva is heavy: the board's code loads only when the board is opened.
const WhiteboardPage = named(
  () => import('@/features/whiteboard/WhiteboardPage'),
  'WhiteboardPage',
);
const SubscribePage = named(() => import('@/features/billing/SubscribePage'), 'SubscribePage');
const CheckoutPage = named(() => import('@/features/billing/CheckoutPage'), 'CheckoutPage');
const GuestShell = named(() => import('@/features/guest/GuestShell'), 'GuestShell');
const SharedGalleryPage = named(
  () => import('@/features/shared-gallery/SharedGalleryPage'),
  'SharedGalleryPage',
);
// Room design: its own chunk, loaded only on its screens (the editor's first paint stays lean).
const loadRooms = () => import('@/features/rooms/pages');
const RoomDesignPage = named(
  () => loadRooms().then((m) => ({ RoomDesignPage: m.RoomDesignPage })),
  'RoomDesignPage',
);
const DesignHistoryPage = named(
  () => loadRooms().then((m) => ({ DesignHistoryPage: m.DesignHistoryPage })),
  'DesignHistoryPage',
);
const DesignPage = named(
  () => loadRooms().then((m) => ({ DesignPage: m.DesignPage })),
  'DesignPage',
);
const SharedDesignPage = named(
  () => loadRooms().then((m) => ({ SharedDesignPage: m.SharedDesignPage })),
  'SharedDesignPage',
);
const SharedProjectPage = named(
  () => import('@/features/share/SharedProjectPage'),
  'SharedProjectPage',
);

/** The editor answers at all three of its addresses (working areas §2). */
const EDITOR_ROUTES = ['/', '/editor', '/image-editor'];

/** Signed-in screens still to be built (spec §2.1). */
const PLACEHOLDER_ROUTES: [string, string][] = [];

/** Visitors, and everyone while sign-in loads, see the landing screen on every private path. */
function Private({
  user,
  children,
}: {
  user: CurrentUser | null;
  children: (u: CurrentUser) => ReactNode;
}) {
  const [path] = useLocation();
  const search = useSearch();
  const { isLoading } = useCurrentUser();
  if (user) return <AppShell user={user}>{children(user)}</AppShell>;
  // The editor's own addresses are the landing; any other private page says why it is not shown
  // (once sign-in is known: a signed-in person reloading it never sees the notice flash).
  const own =
    isLoading || EDITOR_ROUTES.includes(path) ? undefined : `${path}${search ? `?${search}` : ''}`;
  return <LandingPage signInNeededFor={own} />;
}

export function AppRoutes() {
  const { user, isLoading: loading } = useCurrentUser();
  const guestMode = useGuestMode();
  // Here, not in the landing: when the session is known before the first paint, the e-mail
  // link's `/?verified=true` opens the editor at once and the landing never mounts.
  useVerifiedToast();
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/signup" component={SignupPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/setup-2fa" component={SetupTwoFactorPage} />
        <Route path="/settings">
          <Private user={user}>{(u) => <SettingsPage user={u} />}</Private>
        </Route>
        <Route path="/stats">
          <Private user={user}>{() => <StatsPage />}</Private>
        </Route>
        <Route path="/whiteboard">
          <Private user={user}>{(u) => <WhiteboardPage user={u} />}</Private>
        </Route>
        <Route path="/subscribe">
          <Private user={user}>{() => <SubscribePage />}</Private>
        </Route>
        {/* The premium room upgrade's payment page (its route is not in the spec). */}
        <Route path="/checkout">
          <Private user={user}>{(u) => <CheckoutPage user={u} />}</Private>
        </Route>
        <Route path="/account-sharing">
          <Private user={user}>{(u) => <AccountSharingPage user={u} />}</Private>
        </Route>
        {EDITOR_ROUTES.map((path) => (
          <Route key={path} path={path}>
            {!user && guestMode && !loading ? (
              <GuestShell>
                <EditorPage user={null} />
              </GuestShell>
            ) : (
              <Private user={user}>{(u) => <EditorPage user={u} />}</Private>
            )}
          </Route>
        ))}
        {/* Room design; guests who chose to try the app keep their designs for a day (§6). */}
        <Route path="/furniture-shopping">
          {!user && guestMode && !loading ? (
            <GuestShell>
              <RoomDesignPage signedIn={false} />
            </GuestShell>
          ) : (
            <Private user={user}>{() => <RoomDesignPage signedIn />}</Private>
          )}
        </Route>
        <Route path="/gallery">
          {!user && guestMode && !loading ? (
            <GuestShell>
              <DesignHistoryPage signedIn={false} />
            </GuestShell>
          ) : (
            <Private user={user}>{() => <DesignHistoryPage signedIn />}</Private>
          )}
        </Route>
        <Route path="/gallery/design/:uploadId">
          {(params) => (
            <Private user={user}>{() => <DesignPage uploadId={params.uploadId} />}</Private>
          )}
        </Route>
        {PLACEHOLDER_ROUTES.map(([path, titleKey]) => (
          <Route key={path} path={path}>
            <Private user={user}>{() => <PlaceholderScreen titleKey={titleKey} />}</Private>
          </Route>
        ))}
        <Route path="/share/:token">
          {(params) => (
            <PublicScreen>
              <SharedProjectPage token={params.token} />
            </PublicScreen>
          )}
        </Route>
        <Route path="/shared/design/:uploadId">
          {(params) => (
            <PublicScreen>
              <SharedDesignPage uploadId={params.uploadId} />
            </PublicScreen>
          )}
        </Route>
        {/* Optional token: '/shared' alone says 'Invalid Share Link'. */}
        <Route path="/shared/:shareToken?">
          {(params) => (
            <PublicScreen>
              <SharedGalleryPage token={params.shareToken ?? ''} />
            </PublicScreen>
          )}
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
