import { expect, test, type Page } from '@playwright/test';
import { historySteps, LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

interface FakeSpeech {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  starts: number;
  stops: number;
  /** The page's clock (performance.now) when the last words were said and when it last stopped. */
  saidAt: number;
  stoppedAt: number;
  say(transcript: string, isFinal: boolean): void;
  fail(error: string): void;
}
type SpeechWindow = Window & { fakeSpeech: FakeSpeech };

/**
 * Stands in for the browser's recognizer (headless Chromium has no speech service): the test
 * speaks through window.fakeSpeech.say(), and the page sees the same events Chrome would send.
 */
function installFakeRecognition() {
  type Handler<E> = ((event: E) => void) | null;
  type Result = { transcript: string }[] & { isFinal: boolean };
  // say() and fail() are bound to the recognizer that started last.
  const speech = {
    lang: '',
    continuous: false,
    interimResults: false,
    starts: 0,
    stops: 0,
    saidAt: 0,
    stoppedAt: 0,
    say(_transcript: string, _isFinal: boolean) {},
    fail(_error: string) {},
  };
  class FakeRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: Handler<{ resultIndex: number; results: Result[] }> = null;
    onerror: Handler<{ error: string }> = null;
    onend: (() => void) | null = null;
    private results: Result[] = [];
    start() {
      Object.assign(speech, {
        say: (transcript: string, isFinal: boolean) => this.say(transcript, isFinal),
        fail: (error: string) => {
          this.onerror?.({ error });
          this.onend?.();
        },
        lang: this.lang,
        continuous: this.continuous,
        interimResults: this.interimResults,
        starts: speech.starts + 1,
      });
    }
    stop() {
      speech.stops++;
      speech.stoppedAt = performance.now();
      setTimeout(() => this.onend?.(), 50);
    }
    abort() {
      setTimeout(() => this.onend?.(), 0);
    }
    say(transcript: string, isFinal: boolean) {
      speech.saidAt = performance.now();
      if (this.results.at(-1)?.isFinal === false) this.results.pop();
      this.results.push(Object.assign([{ transcript }], { isFinal }));
      this.onresult?.({ resultIndex: this.results.length - 1, results: [...this.results] });
    }
  }
  Object.assign(window, {
    fakeSpeech: speech,
    SpeechRecognition: FakeRecognition,
    webkitSpeechRecognition: FakeRecognition,
  });
}

const speak = (page: Page, text: string, isFinal: boolean) =>
  page.evaluate(([t, f]) => (window as unknown as SpeechWindow).fakeSpeech.say(t, f), [
    text,
    isFinal,
  ] as const);
const fakeSpeech = (page: Page) =>
  page.evaluate(() => {
    const { lang, continuous, interimResults, starts, stops } = (window as unknown as SpeechWindow)
      .fakeSpeech;
    return { lang, continuous, interimResults, starts, stops };
  });

test('voice: without speech recognition the button explains which browsers can do it', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
      delete scope[name];
      // In case the constructor is not configurable in this build: hide it all the same.
      if (name in scope) Object.defineProperty(window, name, { value: undefined });
    }
  });
  await signUpAndVerify(page);
  await page.goto('/editor');
  const mic = page.getByRole('button', { name: 'Voice input' });
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await mic.click();
  await expect(page.getByText('Voice Not Supported', { exact: true })).toBeVisible();
  await expect(page.getByText('Use Chrome or Edge.', { exact: true })).toBeVisible();
  await expect(mic).toBeVisible();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
});

test('voice: spoken words fill the prompt live and one second of silence sends the edit', async ({
  page,
}) => {
  await page.addInitScript(installFakeRecognition);
  await signUpAndVerify(page);
  await page.goto('/editor');
  const position = page.getByTestId('history-position');
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');

  const mic = page.getByRole('button', { name: 'Voice input' });
  const status = page.getByTestId('voice-status');
  const prompt = page.getByLabel('Edit instructions');
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(status).toHaveText('Listening... Speak edit instructions.');
  expect(await fakeSpeech(page)).toMatchObject({
    lang: 'en-US',
    continuous: true,
    interimResults: true,
    starts: 1,
  });

  await speak(page, 'make it', false);
  await expect(prompt).toHaveValue('make it');
  await speak(page, 'make it brighter', true);
  await expect(prompt).toHaveValue('make it brighter');

  const request = await page.waitForRequest(
    (r) => r.url().endsWith('/api/edit-image') && r.method() === 'POST',
  );
  // Sent by the silence timer, not at once: measured on the page's own clock, from the last
  // words to the stop that sends, so a slow test runner cannot shorten or lengthen it.
  const { saidAt, stoppedAt } = await page.evaluate(() => {
    const { saidAt, stoppedAt } = (window as unknown as SpeechWindow).fakeSpeech;
    return { saidAt, stoppedAt };
  });
  expect(stoppedAt - saidAt).toBeGreaterThanOrEqual(990);
  expect(request.postDataBuffer()?.toString('latin1')).toContain('make it brighter');
  expect((await fakeSpeech(page)).stops).toBe(1);
  await expect(position).toHaveText('Image 2 of 2');
  await expect(historySteps(page).nth(1)).toContainText('make it brighter');
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(status).toHaveText('');
});

test('voice: pressing again stops without sending, and a blocked microphone is explained', async ({
  page,
}) => {
  await page.addInitScript(installFakeRecognition);
  await signUpAndVerify(page);
  await page.goto('/editor');
  const mic = page.getByRole('button', { name: 'Voice input' });
  const status = page.getByTestId('voice-status');
  const prompt = page.getByLabel('Edit instructions');
  await prompt.fill('warmer');

  let edits = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/edit-image') && edits++));
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  // Said and stopped within the page, as soon as the words show: a test runner slower than the
  // one second of silence would otherwise let the silence send the edit first.
  await page.evaluate(async () => {
    (window as unknown as SpeechWindow).fakeSpeech.say('and sharper', true);
    const shown = () =>
      [...document.querySelectorAll('textarea')].some((t) => t.value === 'warmer and sharper');
    while (!shown()) await new Promise((resolve) => requestAnimationFrame(resolve));
    document.querySelector<HTMLButtonElement>('button[aria-label="Voice input"]')!.click();
  });
  await expect(prompt).toHaveValue('warmer and sharper');
  await expect(status).toHaveText('Voice input complete. Click Send to generate.');
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(1500);
  expect(edits).toBe(0);
  await expect(prompt).toHaveValue('warmer and sharper');

  await mic.click();
  await expect(status).toHaveText('Listening... Speak edit instructions.');
  await page.evaluate(() => (window as unknown as SpeechWindow).fakeSpeech.fail('not-allowed'));
  await expect(page.getByText('Voice Input Error', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "Microphone access was blocked. Allow it in your browser's site settings, then try again.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(status).toHaveText('');
});
