import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/** One Lighthouse run's numbers (desktop preset, Debian's Chromium). */
export interface PageScore {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  scripts: number;
}

const RUNS = 3;

/** A page with text and nothing else: what this machine scores at best. */
const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title>
<meta name="description" content="A bare HTML page for comparison."></head>
<body><main><h1>Bare page</h1><p>Plain text, no script, no stylesheet.</p></main></body></html>`;

export async function serveBarePage() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(BARE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function runOnce(url: string, port: number): Promise<PageScore> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  const requests =
    (
      audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scriptBytes: scripts.reduce((total, r) => total + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Each page `RUNS` times in one Chromium (a fresh profile per run: cold cache), medians. */
export async function lighthousePages(pages: [name: string, url: string][]) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = new Map<string, PageScore>();
  try {
    for (const [name, url] of pages) {
      const runs: PageScore[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runOnce(url, chrome.port));
      const pick = (key: keyof PageScore) => median(runs.map((r) => r[key]));
      scores.set(name, {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        scriptBytes: pick('scriptBytes'),
        scripts: pick('scripts'),
      });
      console.log(`  measured ${name} (${runs.map((r) => r.performance).join(', ')})`);
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

export function printScores(scores: Map<string, PageScore>, bareName: string) {
  const bare = scores.get(bareName);
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `\n  ${'page'.padEnd(16)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'scripts'.padStart(16)}  perf/bare  LCP/bare`,
  );
  for (const [name, s] of scores) {
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '–');
    console.log(
      `  ${name.padEnd(16)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ${ms(s.fcp).padStart(8)} ${ms(s.lcp).padStart(8)} ${ms(s.tbt).padStart(7)} ${s.cls.toFixed(3).padStart(6)} ${`${(s.scriptBytes / 1000).toFixed(1)} KB/${s.scripts}`.padStart(16)}  ${ratio(s.performance, bare?.performance).padStart(9)}  ${ratio(s.lcp, bare?.lcp).padStart(8)}`,
    );
  }
}
