import type { DailyStat } from '@image-lab/contract';
import { useTranslation } from 'react-i18next';
import { niceMax } from './stats-math';

const HEIGHT = 160;

/** Images (stacked: uploaded, generated) and credits used per day, as bars and a line. */
export function DailyChart({ days }: { days: readonly DailyStat[] }) {
  const { t, i18n } = useTranslation();
  const max = niceMax(
    Math.max(...days.map((d) => Math.max(d.uploaded + d.generated, d.creditsUsed)), 0),
  );
  const width = 100 / Math.max(days.length, 1);
  const y = (value: number) => HEIGHT - (value / max) * HEIGHT;
  const label = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.resolvedLanguage, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  const line = days.map((d, i) => `${(i + 0.5) * width},${y(d.creditsUsed).toFixed(1)}`).join(' ');
  return (
    <figure>
      <div className="flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-muted-foreground">
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 100 ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
          role="img"
          aria-label={t('stats.chartLabel')}
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1="0"
              x2="100"
              y1={HEIGHT * f}
              y2={HEIGHT * f}
              className="stroke-border"
              strokeWidth="1"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => (
            <g key={d.date}>
              <title>
                {t('stats.dayTooltip', {
                  date: label(d.date),
                  uploaded: d.uploaded,
                  generated: d.generated,
                  credits: d.creditsUsed,
                })}
              </title>
              <rect
                x={i * width + width * 0.15}
                width={width * 0.7}
                y={y(d.uploaded)}
                height={HEIGHT - y(d.uploaded)}
                className="fill-sky-400/80"
              />
              <rect
                x={i * width + width * 0.15}
                width={width * 0.7}
                y={y(d.uploaded + d.generated)}
                height={HEIGHT - y(d.generated)}
                className="fill-primary"
              />
            </g>
          ))}
          <polyline
            points={line}
            fill="none"
            className="stroke-amber-500"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <div className="mt-2 flex justify-between pl-8 text-xs text-muted-foreground">
        <span>{days[0] && label(days[0].date)}</span>
        <span>{days.at(-1) && label(days.at(-1)!.date)}</span>
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-4 text-xs text-muted-foreground">
        <Legend className="bg-sky-400/80" text={t('stats.uploaded')} />
        <Legend className="bg-primary" text={t('stats.created')} />
        <Legend className="h-0.5 bg-amber-500" text={t('stats.creditsUsed')} />
      </figcaption>
    </figure>
  );
}

function Legend({ className, text }: { className: string; text: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`inline-block size-2.5 rounded-sm ${className}`} aria-hidden />
      {text}
    </span>
  );
}
