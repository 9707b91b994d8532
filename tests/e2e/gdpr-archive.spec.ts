// Issue #24 §3 as a customer meets it, with JavaScript on and off: on /account/privacy the demo
// customer asks for the data archive, the 5-minute job runs, the archive is downloaded after the
// password (a wrong one first: 43002), and the ZIP holds the orders and the receipt's PDF. With
// JavaScript, ArchiveReady shows the success alert and moves the section on in a second tab too.
// Both projects share the demo account (the only one with a paid order and its receipt) and it has one
// archive at a time: each test takes the account's archive for itself (a lock in the run's folder),
// closes whatever archive the other left (a development call), and so always makes a new request and
// sees it through to ready, the live step included.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, hydrated, PORT, test } from './fixtures';
import { formToken } from './flows';
import { DEMO, signedIn } from './sessions';
import { runDir } from './staff';

const live = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.live === 'open');

/** The demo account's archive for this test alone: the other project's test waits (mkdir is atomic). */
async function holdArchive(): Promise<() => void> {
  const lock = join(runDir(), 'archive-demo.lock');
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      if (!existsSync(lock)) continue;
      if (Date.now() > deadline) throw new Error('the demo archive stayed taken for 45 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

test('request the data archive, run the job, download it after the password: the orders and the receipt PDF are in it', async ({ page, js }) => {
  test.setTimeout(90_000);
  const release = await holdArchive();
  try {
    await archiveRoundTrip(page, js);
  } finally {
    release();
  }
});

async function archiveRoundTrip(page: Page, js: boolean) {
  await signedIn(page, 'demo', '/account/privacy');
  // Whatever archive the other project's test left (ready, or downloaded and still ready) is closed:
  // this test's request must be a new one, built and announced while the page is open.
  const reset = await page.request.post('/api/dev/archives/expire', { data: { _token: await formToken(page), email: DEMO.email } });
  expect(reset.ok(), await reset.text()).toBe(true);
  await page.reload();
  await hydrated(page, js);
  const section = page.getByTestId('archive-section');
  await expect(section).toBeVisible();
  let other: Page | null = null;
  if (js) {
    other = await page.context().newPage();
    await other.goto('/account/privacy');
    await Promise.all([live(page), live(other)]);
  }

  await expect(section).toHaveAttribute('data-step', 'request');
  await page.getByTestId('archive-request').click();
  const outcome = page.getByTestId('archive-outcome');
  await expect(outcome).toHaveAttribute('data-code', '43000');
  await expect(outcome).toContainText(/Λάβαμε το αίτημά σας/);

  // The job (the request also builds it right away: the job then finds nothing left to do).
  const cron = await page.request.get(`http://localhost:${PORT}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
  expect(cron.ok()).toBe(true);

  if (js) {
    // No reload: the live event moves both tabs to the download step.
    await expect(section).toHaveAttribute('data-step', 'download');
    await expect(other!.getByTestId('archive-section')).toHaveAttribute('data-step', 'download');
    await expect(page.getByTestId('archive-ready-alert')).toBeVisible();
    await expect(other!.getByTestId('archive-ready-alert')).toBeVisible();
    await other!.close();
  } else {
    await expect
      .poll(async () => {
        await page.goto('/account/privacy');
        return section.getAttribute('data-step');
      })
      .toBe('download');
  }
  await expect(page.getByTestId('archive-step-download')).toHaveAttribute('aria-current', 'step');

  // A wrong password: 43002, the archive still waits.
  await page.getByTestId('archive-password').fill('not-my-password');
  await page.getByTestId('archive-download').click();
  await expect(page.getByTestId('archive-wrong-password')).toHaveAttribute('data-code', '43002');

  await page.getByTestId('archive-password').fill(DEMO.password);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^registrar-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const orders = JSON.parse(new TextDecoder().decode(files['orders.json'])) as { id: number; items: unknown[] }[];
  expect(orders.length).toBeGreaterThan(0);
  const documents = JSON.parse(new TextDecoder().decode(files['documents.json'])) as { kind: string; files: { inArchive: string }[] }[];
  const receipt = documents.find((d) => d.kind === 'receipt' || d.kind === 'invoice');
  expect(receipt?.files.length).toBeGreaterThan(0);
  const pdf = files[receipt!.files[0]!.inArchive]!;
  expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'consents.json', 'domains.json', 'manifest.json']));
}
