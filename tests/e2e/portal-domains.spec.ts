// My domains in a browser, with JavaScript and without (issue #12 §2, §7): the list with its previews,
// a search, a domain page, ID protect turned on, the transfer lock on and off, the auth code shown once
// the lock is off, and a bulk nameserver change handed to its page (the names in a POST). The two projects run side by side
// on one server, so each works on its own account: with JavaScript the demo customer's kafeneio.com,
// without it a .com of the portfolio account (both gTLDs with ID protect paid for).
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

const accountFor = (js: boolean) =>
  js
    ? { account: 'demo' as const, name: 'kafeneio.com', search: 'kafe', bulkSearch: 'kafe', other: 'kafeneio.gr' }
    : { account: 'portfolio' as const, name: 'pf-taverna-0003.com', search: 'taverna-0003', bulkSearch: 'taverna-00', other: 'pf-taverna-0043.eu' };

test.describe('my domains', () => {
  test('expiring names stand out: the expiring view soonest first, a marker in words, days left, renew on each row', async ({ page, js }) => {
    // The portfolio account's expiries run from 60 days ago to two years ahead (read only here).
    await signedIn(page, 'portfolio', '/account/domains');
    await hydrated(page, js);
    await page.getByTestId('preview-expiring').click();
    await expect(page).toHaveURL(/\/account\/domains\?view=expiring$/);
    await expect(page.getByTestId('domain-sort')).toHaveValue('expiry');
    const rows = page.getByTestId('my-domain');
    expect(await rows.count()).toBeGreaterThan(1);
    const standings = await rows.getByTestId('expiry-standing').evaluateAll((els) => els.map((e) => [e.getAttribute('data-standing'), e.textContent]));
    expect(standings.length).toBe(await rows.count());
    for (const [standing, text] of standings) {
      expect(['soon', 'grace']).toContain(standing);
      expect(text).toMatch(standing === 'soon' ? /^Λήγει σύντομα$/ : /^Έληξε/);
    }
    // Days left rise down the list (an active name already past its date first, "έληξε πριν από …").
    const days = (await rows.getByTestId('days-left').allTextContents()).map((d) => (d === 'λήγει σήμερα' || d === 'έληξε σήμερα' ? 0 : d.startsWith('έληξε') ? -Number(/\d+/.exec(d)![0]) : Number(/\d+/.exec(d)![0])));
    expect(days.length).toBe(await rows.count());
    expect(days).toEqual([...days].sort((x, y) => x - y));
    expect(await rows.getByTestId('renew-domain').count()).toBe(await rows.count());
    await page.getByTestId('preview-expired').click();
    await expect(page).toHaveURL(/view=expired$/);
    await expect(page.getByTestId('domain-sort')).toHaveValue('expiry');
    await expect(rows.first().getByTestId('expiry-standing')).toHaveText(/^(Έληξε \(περίοδος χάριτος\)|Σε περίοδο επαναφοράς)$/);
  });

  test('list, search, open a domain, ID protect on, lock on and off, the auth code', async ({ page, js }) => {
    const a = accountFor(js);
    await signedIn(page, a.account);
    await page.goto('/account/domains');
    await hydrated(page, js);
    for (const v of ['all', 'registered', 'expiring', 'expired']) await expect(page.getByTestId(`preview-${v}`)).toBeVisible();

    await page.getByTestId('domain-search-q').fill(a.search);
    await page.getByTestId('domain-search-submit').click();
    await expect(page).toHaveURL(new RegExp(`q=${a.search}`));
    const row = page.locator(`[data-testid="my-domain"][data-fqdn="${a.name}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('manage-domain').click();
    await expect(page).toHaveURL(`/account/domains/${a.name}`);
    await expect(page.getByTestId('domain-name')).toHaveText(a.name);
    await hydrated(page, js);

    // The auto-renew card says what will happen: on which date, for how long, for how much, paid how
    // (issue #25 §1), or that it is off and when the name expires.
    const plan = page.getByTestId('panel-auto-renew').getByTestId('auto-renew-plan');
    await expect(plan).toBeVisible();
    const planState = await plan.getAttribute('data-state');
    await expect(plan).toContainText(
      planState === 'off'
        ? /^Η αυτόματη ανανέωση είναι ανενεργή: το όνομα λήγει στις \d{2}\/\d{2}\/\d{4}\.$/
        : /Στις \d{2}\/\d{2}\/\d{4} θα ανανεωθεί για \d+ (έτος|έτη), [\d.]+,\d{2}\s€(, από το υπόλοιπο|, με την κάρτα \S+ •••• \d{4}|: θα σας στείλουμε παραστατικό)/,
    );

    // ID protect (paid for): off first if it is on, then on; each change is the registry's, then ours.
    const idp = page.getByTestId('id-protect-state');
    if ((await idp.getAttribute('data-state')) === 'on') {
      await page.getByTestId('toggle-id-protect').click();
      await expect(idp).toHaveAttribute('data-state', 'off');
    }
    await page.getByTestId('toggle-id-protect').click();
    await expect(idp).toHaveAttribute('data-state', 'on');
    await expect(page.getByTestId('domain-outcome')).toContainText('ID Protect');

    // The lock: on, then the code is not given out; off, then it is, once.
    const lock = page.getByTestId('lock-state');
    await expect(lock).toHaveAttribute('data-locked', 'false');
    // Issue #25 §1: the card says what the state means, and the facts what the next renewal costs.
    await expect(page.getByTestId('lock-meaning')).toHaveAttribute('data-state', 'off');
    await expect(page.getByTestId('domain-renewal-fact')).toContainText(/Κόστος ανανέωσης\s*\d+,\d\d\s€/);
    await page.getByTestId('toggle-lock').click();
    await expect(lock).toHaveAttribute('data-locked', 'true');
    await expect(page.getByTestId('lock-meaning')).toContainText('αρνείται κάθε μεταφορά');
    await expect(page.getByTestId('auth-code')).toBeDisabled();
    await page.getByTestId('toggle-lock').click();
    await expect(lock).toHaveAttribute('data-locked', 'false');
    await page.getByTestId('auth-code').click();
    await expect(page.getByTestId('auth-code-value')).toHaveText(/.{8,}/);
    // Not in the page a GET serves.
    await page.goto(`/account/domains/${a.name}`);
    await expect(page.getByTestId('auth-code-value')).toHaveCount(0);
  });

  test('a .gr says ID protect is not applicable; a bulk nameserver change goes to its page with the names', async ({ page, js }) => {
    const a = accountFor(js);
    await signedIn(page, a.account);
    if (js) {
      await page.goto('/account/domains/kafeneio.gr');
      await expect(page.getByTestId('id-protect-state')).toHaveAttribute('data-state', 'not_applicable');
      await expect(page.getByTestId('auth-code')).toHaveText('Αποστολή στον κάτοχο');
    }
    await page.goto(`/account/domains?q=${a.bulkSearch}`);
    await hydrated(page, js);
    if (js) {
      // The header's box ticks the whole page (here the two names the search finds).
      await expect(page.getByTestId('my-domain')).toHaveCount(2);
      await page.getByTestId('select-all').check();
    } else {
      await page.locator(`[data-testid="my-domain"][data-fqdn="${a.name}"]`).getByTestId('select-domain').check();
      await page.locator(`[data-testid="my-domain"][data-fqdn="${a.other}"]`).getByTestId('select-domain').check();
    }
    await page.getByTestId('bulk-action').selectOption('nameservers');
    await page.getByTestId('bulk-submit').click();
    // The names travel in the body, not the address (issue #32 §5: 2,000 of them were past the URL limit).
    await expect(page).toHaveURL(/\/account\/nameservers\/apply$/);
    const listed = await page.getByTestId('apply-form').locator('input[type="hidden"][name="domain"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(listed.sort()).toEqual([a.name, a.other].sort());
    await expect(page.getByTestId('apply-domains').locator('li')).toHaveCount(2);
  });

  test('a row renews through the cart (the existing cart flow)', async ({ page, js }) => {
    // The portfolio's cart only (no other test uses it), a different name per project.
    const name = js ? 'pf-taverna-0063.com' : 'pf-taverna-0043.eu';
    await signedIn(page, 'portfolio');
    await page.goto(`/account/domains?q=${name}`);
    await hydrated(page, js);
    await page.locator(`[data-testid="my-domain"][data-fqdn="${name}"]`).getByTestId('renew-domain').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator(`[data-testid="cart-line"][data-name="${name}"]`)).toBeVisible();
  });
});
