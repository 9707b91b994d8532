// Issue #4 flows with JavaScript on and off: a Latin and a Greek keyword across every TLD, filters,
// sorting, a favourite star, the WHOIS modal (a page without JavaScript), the transfer page from the
// search bar's transfer mode, and the '.el' → '.ελ' rewrite.
import { expect, hydrated, test, uniqueEmail } from './fixtures';
import { PASSWORD, register, signOut } from './flows';

const unique = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('a Latin keyword shows availability and prices for every TLD; filters and sorting change the list', async ({ page, js }) => {
  const keyword = unique('kafe');
  await page.goto('/');
  await hydrated(page, js);
  // Empty input does nothing.
  await page.getByTestId('domain-search-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('domain-search-input').fill(keyword);
  await page.getByTestId('domain-search-submit').click();
  await expect(page).toHaveURL(new RegExp(`/domains/search\\?.*q=${keyword}`));
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-pending', '0');
  const count = Number(await page.getByTestId('result-count').getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(30);
  const com = page.locator(`[data-testid="result"][data-fqdn="${keyword}.com"]`);
  await expect(com).toHaveAttribute('data-status', 'available');
  await expect(com).toContainText('€');

  await page.getByTestId('filter-category-greek').click();
  await expect(page.getByTestId('result-list').getByTestId('result')).not.toHaveCount(count);
  for (const fqdn of await page.getByTestId('result-list').getByTestId('result').evaluateAll((els) => els.map((e) => e.getAttribute('data-fqdn')))) {
    expect(fqdn).toMatch(/\.(gr|com\.gr|net\.gr|org\.gr|edu\.gr)$/);
  }
  await page.getByTestId('filter-all').click();
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(count));

  await page.getByTestId('result-sort').selectOption('price_asc');
  if (!js) await page.getByTestId('sort-form').getByRole('button').click();
  await expect(page).toHaveURL(/sort=price_asc/);
  const prices = () => page.getByTestId('result-list').locator('[data-status="available"] [data-price-net]:not(s)').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price-net'))));
  await expect.poll(async () => {
    const list = await prices();
    return list.length > 5 && list.every((p, i) => i === 0 || list[i - 1]! <= p);
  }).toBe(true);
});

test('a Greek keyword keeps Greek script, and .ελ needs the matching .gr', async ({ page, js }) => {
  await page.goto('/domains/search');
  await hydrated(page, js);
  await page.getByTestId('domain-search-input').fill('καφενείο');
  await page.getByTestId('domain-search-submit').click();
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-pending', '0');
  await expect(page.locator('[data-testid="result"][data-fqdn="καφενείο.gr"]')).toHaveAttribute('data-status', 'registered');
  await expect(page.locator('[data-testid="result"][data-fqdn="καφενείο.ελ"]').getByTestId('requires-gr')).toBeVisible();
  await expect(page.locator('[data-testid="result"][data-fqdn="καφενείο.eu"]')).toHaveAttribute('data-status', 'available');
  // Latin-only TLDs do not take a Greek name.
  await expect(page.locator('[data-testid="result"][data-fqdn="καφενείο.com"]')).toHaveCount(0);
});

test("'.el' becomes '.ελ' after typing stops, and an exact name comes first", async ({ page, js }) => {
  test.skip(!js, 'the rewrite runs in the browser; without JavaScript the server reads .el as .ελ');
  await page.goto('/');
  await hydrated(page, js);
  await page.getByTestId('domain-search-input').pressSequentially('νέοόνομα.el', { delay: 20 });
  await expect(page.getByTestId('domain-search-input')).toHaveValue('νέοόνομα.ελ');
  await page.getByTestId('domain-search-submit').click();
  await expect(page.getByTestId('exact-result').getByTestId('result')).toHaveAttribute('data-fqdn', 'νέοόνομα.ελ');
});

test('a typed .el name is read as .ελ without JavaScript too', async ({ page, js }) => {
  test.skip(js, 'the no-JS twin of the rewrite');
  await page.goto('/');
  await page.getByTestId('domain-search-input').fill('νέοόνομα.el');
  await page.getByTestId('domain-search-submit').click();
  await expect(page.getByTestId('exact-result').getByTestId('result')).toHaveAttribute('data-fqdn', 'νέοόνομα.ελ');
});

test('a star marks a favourite, which the favourites filter shows', async ({ page, js }) => {
  const keyword = unique('star');
  await page.goto(`/domains/search?q=${keyword}${js ? '' : '&js=0'}`);
  await hydrated(page, js);
  await expect(page.getByTestId('search-results')).toHaveAttribute('data-pending', '0');
  const row = page.locator(`[data-testid="result"][data-fqdn="${keyword}.eu"]`);
  await row.getByTestId('star').click();
  await expect(page.locator(`[data-testid="result"][data-fqdn="${keyword}.eu"]`).getByTestId('star')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('filter-favourites').click();
  await expect(page.getByTestId('result-list').getByTestId('result')).toHaveCount(1);
  // The star stays after a reload (browser storage for a guest).
  await page.reload();
  await expect(page.locator(`[data-testid="result"][data-fqdn="${keyword}.eu"]`).getByTestId('star')).toHaveAttribute('aria-pressed', 'true');
});

test('WHOIS of a registered name: a modal with JavaScript, a page without; ID protect hides the owner', async ({ page, js }) => {
  await page.goto(`/domains/search?q=transfer-demo.com${js ? '' : '&js=0'}`);
  await hydrated(page, js);
  await page.getByTestId('exact-result').getByTestId('whois-open').click();
  if (js) {
    await expect(page.getByTestId('whois-modal')).toBeVisible();
    await expect(page.locator('#whois-modal-title')).toHaveText('transfer-demo.com - WHOIS DOMAIN');
  } else {
    await expect(page).toHaveURL(/\/domains\/whois\?domain=transfer-demo\.com/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('transfer-demo.com - WHOIS DOMAIN');
  }
  await expect(page.getByTestId('whois-privacy')).toBeVisible();
  await expect(page.getByTestId('whois-registrant')).toContainText('Privacy Protect');
});

test("the search bar's transfer mode opens the transfer page with the name, which asks for the EPP code", async ({ page, js }) => {
  await page.goto('/');
  await hydrated(page, js);
  await page.getByTestId('domain-search-mode').selectOption('transfer');
  if (js) await expect(page.getByTestId('domain-search-input')).toHaveAttribute('placeholder', /μεταφέρετε/);
  await page.getByTestId('domain-search-input').fill('google.gr');
  await page.getByTestId('domain-search-submit').click();
  await expect(page).toHaveURL(/\/domains\/metafora$/);
  await expect(page.getByTestId('transfer-offer')).toHaveAttribute('data-fqdn', 'google.gr');
  await expect(page.getByTestId('transfer-price')).toContainText('ανανέωση');
  // The cookie was read once: a reload shows the empty form.
  await page.reload();
  await expect(page.getByTestId('transfer-offer')).toHaveCount(0);
  // A locked name is flagged; a name nobody holds cannot be transferred (30023).
  await page.getByTestId('transfer-domain').fill('locked-example.com');
  await page.getByTestId('transfer-check').click();
  await expect(page.getByTestId('transfer-locked')).toBeVisible();
  await page.getByTestId('transfer-domain').fill(`${unique('nobody')}.gr`);
  await page.getByTestId('transfer-check').click();
  await expect(page.getByTestId('transfer-alert')).toHaveAttribute('data-code', '30023');
});

test('a guest who types an EPP code and logs in first finds the name and the code still in the transfer form', async ({ page, js }) => {
  const email = uniqueEmail('keep', js);
  await register(page, js, email);
  await signOut(page);
  await page.goto('/domains/metafora?domain=transfer-demo.com');
  await hydrated(page, js);
  await page.getByLabel(/Κωδικός μεταφοράς/).fill('Com-Demo-2026#');
  await page.getByTestId('transfer-login').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  // A wrong password first: the held values survive a failed attempt.
  await page.locator('main').getByLabel('E-mail').fill(email);
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-alert')).toBeVisible();
  await page.locator('main').getByLabel('Κωδικός πρόσβασης').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/domains\/metafora\?domain=transfer-demo\.com$/);
  await expect(page.getByTestId('transfer-offer')).toHaveAttribute('data-fqdn', 'transfer-demo.com');
  await expect(page.getByLabel(/Κωδικός μεταφοράς/)).toHaveValue('Com-Demo-2026#');
  await expect(page.getByTestId('transfer-login')).toHaveCount(0);
  // Read once: a reload shows the form without the code.
  await page.reload();
  await expect(page.getByLabel(/Κωδικός μεταφοράς/)).toHaveValue('');
});
