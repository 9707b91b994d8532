import { expect, hydrated, NB, test, tldChipPrice } from './fixtures';

test('home renders in Greek with catalog prices', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Το δικό σας όνομα στο διαδίκτυο');
  await expect(tldChipPrice(page, 'com')).toHaveText(`8,56${NB}€`);
  await expect(page.getByTestId('vat-note').first()).toHaveText('Οι τιμές περιλαμβάνουν ΦΠΑ 24%');
  await expect(page.getByTestId('family-wordpress')).toContainText('€');
});

test('the counters on the screen at load show their real numbers, never 0 first', async ({ page, js }) => {
  // Tall enough that the numbers are on the first screen. Every text the counters ever show is noted.
  await page.setViewportSize({ width: 1366, height: 4000 });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __counterTexts: string[] }).__counterTexts = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('dd [aria-hidden="true"]')) seen.push(el.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  await hydrated(page, js);
  const numbers = page.locator('dd [aria-hidden="true"]');
  await expect(numbers).toHaveCount(3);
  await page.waitForTimeout(300);
  for (const n of await numbers.allTextContents()) expect(Number(n.replace(/\D/g, ''))).toBeGreaterThan(0);
  const seen = await page.evaluate(() => (window as unknown as { __counterTexts: string[] }).__counterTexts);
  expect(seen.filter((t) => t === '0')).toEqual([]);
});

test('the VAT control changes every price: GR 24 % → DE 19 % → without VAT', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  await expect(tldChipPrice(page, 'com')).toHaveText(`8,56${NB}€`);

  if (js) {
    // Marks the document: it must survive, proving the prices changed without a reload.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByTestId('vat-chip').click();
    const modal = page.getByTestId('vat-modal');
    await expect(modal).toBeVisible();
    await modal.getByLabel('Χώρα ΦΠΑ').selectOption('DE');
    await expect(modal.getByTestId('vat-country-summary')).toContainText('19%');
    await modal.getByRole('button', { name: 'Υποβολή' }).click();
    await expect(tldChipPrice(page, 'com')).toHaveText(`8,21${NB}€`);
    await expect(modal).toBeHidden();
    await page.getByTestId('vat-chip').click();
    await modal.getByLabel('Χωρίς ΦΠΑ').check();
    await modal.getByRole('button', { name: 'Υποβολή' }).click();
    await expect(tldChipPrice(page, 'com')).toHaveText(`6,90${NB}€`);
    // The modal closes once the choice is saved (prices change before, optimistically).
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // The choice was stored: a new page load keeps it.
    await page.reload();
    await expect(tldChipPrice(page, 'com')).toHaveText(`6,90${NB}€`);
    await expect(page.getByTestId('vat-note').first()).toHaveText('Οι τιμές εμφανίζονται χωρίς ΦΠΑ.');
  } else {
    await page.goto('/domains/prices');
    await page.getByTestId('vat-chip').click();
    await expect(page).toHaveURL(/\/settings\?return=%2Fdomains%2Fprices#vat$/);
    const form = page.getByTestId('vat-form-page');
    await form.getByLabel('Χώρα ΦΠΑ').selectOption('DE');
    await form.getByRole('button', { name: 'Υποβολή' }).click();
    // Back on the page the visitor came from, with its prices in the new VAT.
    await expect(page).toHaveURL(/\/domains\/prices$/);
    await expect(page.getByTestId('vat-note').first()).toHaveText('Οι τιμές περιλαμβάνουν ΦΠΑ 19%');
    await page.goto('/');
    await expect(tldChipPrice(page, 'com')).toHaveText(`8,21${NB}€`);
    await page.goto('/settings');
    await page.getByTestId('vat-form-page').getByLabel('Χωρίς ΦΠΑ').check();
    await page.getByTestId('vat-form-page').getByRole('button', { name: 'Υποβολή' }).click();
    await expect(tldChipPrice(page, 'com')).toHaveText(`6,90${NB}€`);
  }
});

test('the language switch turns the page to English and back', async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  await page.getByTestId('side-nav-toggle').click();
  const side = page.getByTestId('side-nav');
  await expect(side).toBeVisible();
  await side.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your own name on the internet');
  await expect(tldChipPrice(page, 'com')).toHaveText('€8.56');
  await hydrated(page, js);
  await page.getByTestId('side-nav-toggle').click();
  await page.getByTestId('side-nav').getByRole('button', { name: 'Ελληνικά' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
});

test('the cookie notice goes away once accepted and stays away', async ({ page, js }) => {
  await page.goto('/domains/prices');
  await hydrated(page, js);
  const notice = page.getByTestId('cookie-notice');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Εντάξει, το κατάλαβα' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/domains\/prices$/);
  // With JavaScript the notice hides at once and the choice is saved in the background.
  const acceptedCookie = async () => (await page.context().cookies()).find((c) => c.name === 'cookiesAccepted');
  await expect.poll(async () => (await acceptedCookie())?.value).toBe('true');
  const accepted = await acceptedCookie();
  // The server asks for 1095 days (worker test); Chromium caps every cookie at 400 days.
  expect(accepted!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
  await page.reload();
  await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
});

test('the mobile navigation works at 375 px', async ({ page, js }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await hydrated(page, js);
  await expect(page.getByRole('navigation', { name: 'Κύρια πλοήγηση' })).toBeHidden();
  const drawer = page.getByTestId('side-nav');
  await expect(drawer).toBeHidden();
  await page.getByTestId('mobile-nav-toggle').click();
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('mobile-menu').getByText('Φιλοξενία', { exact: true }).click();
  await drawer.getByRole('link', { name: 'WordPress hosting' }).click();
  await expect(page).toHaveURL(/\/hosting\/wordpress$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (js) {
    await expect(drawer).toBeHidden();
    // The drawer's VAT section is the loaded form once the drawer opens (its code loads then, issue
    // #21 §4): the choice applies at once, without a page load.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const chip = await page.getByTestId('vat-chip').textContent();
    await page.getByTestId('mobile-nav-toggle').click();
    const section = drawer.getByTestId('vat-form-section');
    await section.getByLabel('Χωρίς ΦΠΑ').check();
    await section.getByRole('button', { name: 'Υποβολή' }).click();
    await expect(page.getByTestId('vat-chip')).not.toHaveText(chip!);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Above 1024 px the mobile navigation closes itself.
    await page.getByTestId('mobile-nav-toggle').click();
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 812 });
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(drawer).toBeHidden();
  }
});

// axe on / and /hosting/wordpress (every rule, serious and critical): the quality layer's visit of
// these pages does it (quality-visit.spec.ts, EVERY_AXE_RULE; decision 066), no second visit here.
