import type { DailyStatsResponse } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BarChart3, ImagePlus, Images, Sparkles, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useUserStats } from '@/features/credits/use-user-stats';
import { DailyChart } from './DailyChart';
import { generationRate, totals } from './stats-math';

const DAYS = 30;

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card className="p-3 sm:p-5">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground sm:gap-2 sm:text-sm">
        {icon}
        {label}
      </p>
      <p
        className="mt-1 text-2xl font-bold tabular-nums sm:mt-2 sm:text-3xl"
        data-testid={`stat-${label}`}
      >
        {value.toLocaleString()}
      </p>
    </Card>
  );
}

/** /stats: totals, the usage summary and the last 30 days (working areas §2 Stats). */
export function StatsPage() {
  const { t } = useTranslation();
  const stats = useUserStats();
  const offset = -new Date().getTimezoneOffset();
  const daily = useQuery<DailyStatsResponse>({
    queryKey: [`/api/stats/daily?days=${DAYS}&offset=${offset}`],
    staleTime: 2 * 60_000,
  });
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link href="/">
        <ArrowLeft />
        {t('stats.back')}
      </Link>
    </Button>
  );
  if (stats.isPending) {
    return <p className="px-4 py-24 text-center text-muted-foreground">{t('stats.loading')}</p>;
  }
  const s = stats.data;
  if (!s || s.totalImages === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-muted text-primary">
          <ImagePlus className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight">{t('stats.emptyTitle')}</h1>
        <p className="mt-3 text-muted-foreground">{t('stats.emptyBody')}</p>
        <Button asChild variant="gradient" className="mt-8">
          <Link href="/">{t('stats.goToEditor')}</Link>
        </Button>
      </div>
    );
  }
  const rate = generationRate(s.uploaded, s.generated);
  const month = daily.data ? totals(daily.data.days) : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      {back}
      <h1 className="mt-2 flex items-center gap-2 text-2xl font-bold tracking-tight">
        <BarChart3 className="size-6 text-primary" />
        {t('stats.title')}
      </h1>
      <div className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
        <Tile icon={<Images className="size-4" />} label={t('stats.total')} value={s.totalImages} />
        <Tile icon={<Upload className="size-4" />} label={t('stats.uploaded')} value={s.uploaded} />
        <Tile
          icon={<Sparkles className="size-4" />}
          label={t('stats.created')}
          value={s.generated}
        />
      </div>
      <Card className="mt-4">
        <h2 className="text-lg font-semibold">{t('stats.summary')}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          {rate && (
            <div>
              <dt className="text-muted-foreground">{t('stats.rate')}</dt>
              <dd className="text-xl font-semibold tabular-nums" data-testid="generation-rate">
                {rate}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-muted-foreground">{t('stats.creditsRemaining')}</dt>
            <dd className="text-xl font-semibold tabular-nums">{s.creditsRemaining}</dd>
          </div>
          {month && (
            <div>
              <dt className="text-muted-foreground">{t('stats.last30', { count: DAYS })}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {t('stats.monthSummary', month)}
              </dd>
            </div>
          )}
        </dl>
      </Card>
      <Card className="mt-4">
        <h2 className="text-lg font-semibold">{t('stats.chartTitle', { count: DAYS })}</h2>
        <div className="mt-4">
          {daily.data ? (
            <DailyChart days={daily.data.days} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {daily.isError ? t('stats.chartError') : t('stats.loading')}
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
