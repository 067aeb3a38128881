import { performance } from 'node:perf_hooks';

export interface Sample {
  name: string;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[index] ?? 0;
}

/** Runs `task` `total` times with `concurrency` in flight; returns throughput and latency. */
export async function measure(
  name: string,
  task: () => Promise<unknown>,
  { total = 2000, concurrency = 8, warmup = 200 } = {},
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await task();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    name,
    opsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export function report(title: string, samples: Sample[], baseline: Sample) {
  console.log(`\n${title}`);
  for (const s of samples) {
    const ratio = s.opsPerSecond / baseline.opsPerSecond;
    console.log(
      `  ${s.name.padEnd(44)} ${s.opsPerSecond.toFixed(0).padStart(7)} ops/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms  ratio ${ratio.toFixed(2)}x of ${baseline.name}`,
    );
  }
}
