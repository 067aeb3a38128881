import { CloudOff, Clock, Link2Off, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** 'Try Image Chat' leads home, from every state of the page. */
export function TryImageChat({ variant = 'gradient' }: { variant?: 'gradient' | 'outline' }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link href="/">
        <Sparkles />
        {t('sharedGallery.tryImageChat')}
      </Link>
    </Button>
  );
}

function Notice({
  icon,
  title,
  body,
  testId,
  heading: Heading = 'h1',
}: {
  icon: ReactNode;
  title: string;
  body: string;
  testId: string;
  heading?: 'h1' | 'h2';
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={testId}
      className="mx-3 my-10 max-w-lg rounded-3xl border bg-card px-6 py-12 text-center shadow-sm sm:mx-auto"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-muted text-muted-foreground [&_svg]:size-7">
        {icon}
      </span>
      <Heading className="mt-5 text-2xl font-semibold tracking-tight">{title}</Heading>
      <p className="mt-2 text-muted-foreground">{body}</p>
      <div className="mt-6">
        <TryImageChat />
        {/* The spec's button name says little to a visitor: say what it leads to. */}
        <p className="mt-3 text-sm text-muted-foreground" data-testid="try-image-chat-hint">
          {t('sharedGallery.tryImageChatHint')}
        </p>
      </div>
    </div>
  );
}

/** The link cannot be used: no token, expired (410), or anything else. */
export function ShareProblem({ kind }: { kind: 'invalid' | 'expired' | 'notFound' }) {
  const { t } = useTranslation();
  const icon = kind === 'expired' ? <Clock /> : <Link2Off />;
  return (
    <Notice
      testId={`share-${kind}`}
      icon={icon}
      title={t(`sharedGallery.${kind}.title`)}
      body={t(`sharedGallery.${kind}.body`)}
    />
  );
}

export function SharedEmpty() {
  const { t } = useTranslation();
  return (
    <Notice
      testId="shared-empty"
      heading="h2"
      icon={<CloudOff />}
      title={t('sharedGallery.empty.title')}
      body={t('sharedGallery.empty.body')}
    />
  );
}
