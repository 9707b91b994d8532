// Issue #24 §3 as a customer meets it, with JavaScript on and off: on /account/privacy the demo
// customer asks for the data archive, the 5-minute job runs, the archive is downloaded after the
// password (a wrong one first: 43002), and the ZIP holds the orders and the receipt's PDF. With
// JavaScript, ArchiveReady shows the success alert and moves the section on in a second tab too.
// Both projects share the demo account and it has one archive at a time: a test that finds the other
// project's archive under way or ready goes on from there.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, hydrated, PORT, test } from './fixtures';
import { DEMO, signedIn } from './sessions';

const live = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.live === 'open');

test('request the data archive, run the job, download it after the password: the orders and the receipt PDF are in it', async ({ page, js }) => {
  test.setTimeout(60_000);
  await signedIn(page, 'demo', '/account/privacy');
  await hydrated(page, js);
  const section = page.getByTestId('archive-section');
  await expect(section).toBeVisible();
  let other: Page | null = null;
  if (js) {
    other = await page.context().newPage();
    await other.goto('/account/privacy');
    await Promise.all([live(page), live(other)]);
  }

  let created = false;
  if ((await section.getAttribute('data-step')) === 'request') {
    await page.getByTestId('archive-request').click();
    const outcome = page.getByTestId('archive-outcome');
    await expect(outcome).toBeVisible();
    created = (await outcome.getAttribute('data-code')) === '43000';
    if (created) await expect(outcome).toContainText(/Λάβαμε το αίτημά σας/);
  }

  // The job (the request also builds it right away: the job then finds nothing left to do).
  const cron = await page.request.get(`http://localhost:${PORT}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
  expect(cron.ok()).toBe(true);

  if (js) {
    // No reload: the live event moves both tabs to the download step.
    await expect(section).toHaveAttribute('data-step', 'download');
    await expect(other!.getByTestId('archive-section')).toHaveAttribute('data-step', 'download');
    if (created) {
      await expect(page.getByTestId('archive-ready-alert')).toBeVisible();
      await expect(other!.getByTestId('archive-ready-alert')).toBeVisible();
    }
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
});
