import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
};

/**
 * Runs axe-core (WCAG 2 A and AA, and best practices) on what the page shows now and fails with
 * one line per rule broken: its id, impact, how many nodes, the first one's selector and HTML.
 * `exclude`: selectors of single nodes that are a known false positive (say why where called).
 */
export async function expectNoAxeViolations(page: Page, label: string, exclude: string[] = []) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated, not a <script> tag: the app's Content-Security-Policy (kept on) refuses inline
    // scripts.
    await page.evaluate(axeSource);
  }
  // Colours read in the middle of a transition are neither the old nor the new ones (the
  // credits badge turning from green to amber as 100 became 90 read as 'color-contrast').
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (excluded) => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const context = excluded.length ? { exclude: excluded.map((s) => [s]) } : document;
    const result = (await axe.run(context, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      target: JSON.stringify(v.nodes[0]?.target ?? []),
      html: (v.nodes[0]?.html ?? '').slice(0, 160),
    }));
  }, exclude);
  const lines = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}, ${v.nodes}×): ${v.help} — first at ${v.target} ${v.html}`,
  );
  // Soft: one run lists every screen's violations, not only the first screen's.
  expect.soft(lines, `axe-core on ${label}`).toEqual([]);
}
