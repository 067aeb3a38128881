import { KeyRound, Mic, MousePointerClick, Sparkles, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { GitHubMark, GoogleMark } from '@/components/BrandMarks';
import { Button } from '@/components/ui/button';
import { useSignInProviders } from '@/hooks/use-sign-in-providers';
import { enterGuestMode } from '@/features/guest/guest-mode';
import { Claims } from './Claims';

/** The sign-in options leave the app: they are server routes, not client routes. */
const navigate = (path: string) => () => window.location.assign(path);

const EDITOR_PATHS = ['/', '/editor', '/image-editor'];

// The hero photo at three widths; apps/server/src/platform/web-pages.ts preloads the same set.
const HERO_AVIF = [480, 800, 1200].map((w) => `/samples/living-room-${w}.avif ${w}w`).join(', ');
const HERO_WEBP =
  '/samples/living-room-480.webp 480w, /samples/living-room-800.webp 800w, /samples/living-room.webp 1200w';
/** Full width below the lg breakpoint (minus padding), at most 576 px (max-w-xl) beside the text. */
const HERO_SIZES = '(min-width: 1024px) 576px, calc(100vw - 2rem)';

export function Hero({ onBrowse }: { onBrowse: () => void }) {
  const { t } = useTranslation();
  const providers = useSignInProviders();
  const [location, setLocation] = useLocation();
  // Guests may try the editor (working areas §6); other private paths still need an account.
  const tryAsGuest = () => {
    enterGuestMode();
    if (!EDITOR_PATHS.includes(location)) setLocation('/editor');
    window.scrollTo({ top: 0 });
  };
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[520px] w-[900px] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pb-16 pt-12 sm:px-6 lg:grid-cols-2 lg:pt-20">
        <div>
          <span className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            <Sparkles className="size-3.5 text-primary" />
            {t('landing.hero.badge')}
          </span>
          <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-6xl">
            <span className="brand-text">{t('landing.hero.title')}</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            {t('landing.hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="gradient" size="lg">
              <Link href="/signup">
                <Wand2 />
                {t('landing.hero.primary')}
              </Link>
            </Button>
            <Button variant="outline" size="lg" onClick={onBrowse}>
              {t('landing.hero.secondary')}
            </Button>
            <Button variant="ghost" size="lg" onClick={tryAsGuest}>
              <MousePointerClick />
              {t('landing.hero.tryAsGuest')}
            </Button>
          </div>
          {(providers.google || providers.github || providers.oidc) && (
            <>
              <p className="mt-8 text-sm text-muted-foreground">{t('landing.hero.continueWith')}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {providers.google && (
                  <Button variant="outline" onClick={navigate('/api/auth/google')}>
                    <GoogleMark />
                    {t('landing.hero.google')}
                  </Button>
                )}
                {providers.github && (
                  <Button variant="outline" onClick={navigate('/api/auth/github')}>
                    <GitHubMark />
                    {t('landing.hero.github')}
                  </Button>
                )}
                {providers.oidc && (
                  <Button variant="ghost" onClick={navigate('/api/login')}>
                    <KeyRound />
                    {t('landing.hero.sso')}
                  </Button>
                )}
              </div>
            </>
          )}
          <Claims className="mt-8 text-muted-foreground" checkClassName="text-primary" />
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

function HeroVisual() {
  const { t } = useTranslation();
  return (
    <figure className="relative mx-auto w-full max-w-xl">
      <div className="overflow-hidden rounded-3xl border bg-card shadow-2xl shadow-primary/10">
        {/* The largest paint of the landing: sized per screen, preloaded by the server. */}
        <picture>
          <source type="image/avif" srcSet={HERO_AVIF} sizes={HERO_SIZES} />
          <img
            src="/samples/living-room.webp"
            srcSet={HERO_WEBP}
            sizes={HERO_SIZES}
            alt=""
            width={1200}
            height={720}
            fetchPriority="high"
            className="aspect-[5/3] w-full object-cover"
          />
        </picture>
        <div className="flex items-center gap-3 border-t p-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-full brand-gradient text-white">
            <Mic className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted-foreground">
              {t('landing.hero.exampleLabel')}
            </p>
            <p className="truncate font-medium">“{t('landing.hero.examplePrompt')}”</p>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-4 -left-2 rounded-2xl border bg-card px-4 py-3 text-sm font-medium shadow-lg sm:-left-6">
        <span className="mr-2 inline-block size-2 rounded-full bg-emerald-500" />
        {t('landing.hero.exampleResult')}
      </div>
      <figcaption className="mt-6 text-right text-xs text-muted-foreground">
        {t('landing.hero.photoCredit')}
      </figcaption>
    </figure>
  );
}
