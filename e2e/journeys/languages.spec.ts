import { expect, test, type Page } from '@playwright/test';

const TEXTS = {
  de: { guest: 'Ohne Konto ausprobieren', tabs: ['Stile', 'Auto', 'Mehr'] },
  fr: { guest: 'Essayer sans compte', tabs: ['Styles', 'Voiture', 'Plus'] },
} as const;

/** The preset labels of the open tab whose text is cut (wider or taller than their box). */
const cutLabels = (page: Page) =>
  page.getByRole('tabpanel').evaluate((panel) =>
    [...panel.querySelectorAll('button span')]
      .filter((span) => span.children.length === 0 && span.textContent?.trim())
      .filter(
        (span) =>
          span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1,
      )
      .map((span) => span.textContent),
  );

for (const language of ['de', 'fr'] as const) {
  test(`every preset label reads whole in ${language} on a wide and a narrow screen`, async ({
    page,
  }) => {
    const texts = TEXTS[language];
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?lng=${language}`);
    await page.getByRole('button', { name: texts.guest }).click();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const tab of texts.tabs) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
        expect(await cutLabels(page), `${tab} at ${width} px`).toEqual([]);
      }
    }
  });
}
