// Issue #12 §3 in the browser, with JavaScript on and off (the two projects): create a nameserver group
// and move a domain's nameservers to it; add a glue host with an IPv4 and an IPv6 address. Each
// project works on its own demo name so the two runs never meet.
import { expect, hydrated, test } from './fixtures';
import { main } from './flows';
import { signedIn } from './sessions';

test.describe('portal: nameservers, groups and hosts', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page, 'demo');
  });

  test('changes a domain’s nameservers to a new group', async ({ page, js }) => {
    const domain = js ? 'kafeneio.gr' : 'kafeneio.com';
    const group = `Ομάδα ${js ? 'js' : 'nojs'} ${Date.now().toString(36)}`;
    await page.goto('/account/nameservers');
    await hydrated(page, js);
    const create = page.getByTestId('new-group');
    await create.getByLabel('Όνομα ομάδας').fill(group);
    await create.getByTestId('group-ns-0').fill('ns1.cloud-dns.net');
    await create.getByTestId('group-ns-1').fill('ns2.cloud-dns.net');
    // A third row, added without posting (JS) or by a round trip that keeps what was typed (no JS).
    await create.getByTestId('group-ns-add').click();
    await expect(create.getByTestId('group-ns-2')).toBeVisible();
    await expect(create.getByTestId('group-ns-0')).toHaveValue('ns1.cloud-dns.net');
    await create.getByTestId('group-ns-2').fill('ns3.σύννεφο.net');
    await create.getByTestId('group-create').click();
    const row = page.locator(`[data-testid="group-row"][data-group="${group}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('ns3.σύννεφο.net');

    await page.goto(`/account/domains/${domain}/nameservers`);
    await hydrated(page, js);
    await page.getByTestId('ns-mode-group').check();
    const select = page.getByTestId('ns-group');
    const value = await select.locator('option', { hasText: group }).getAttribute('value');
    await select.selectOption(value!);
    await page.getByTestId('ns-save').click();
    await expect(page.getByTestId('ns-alert')).toContainText('άλλαξαν');
    await expect(page.getByTestId('ns-current')).toHaveAttribute('data-mode', 'group');
    await expect(page.getByTestId('ns-current-list')).toContainText('ns3.σύννεφο.net');

    // The group now says who follows it, and cannot be deleted while it does.
    await page.goto('/account/nameservers');
    await hydrated(page, js);
    await expect(row).toContainText(domain);
    await row.getByTestId('group-delete').click();
    await expect(page.getByTestId('groups-alert')).toContainText(domain);
  });

  test('adds a glue host with an IPv4 and an IPv6 address', async ({ page, js }) => {
    const domain = js ? 'kafeneio.gr' : 'kafeneio.com';
    const prefix = `ns${js ? 'j' : 'n'}${Date.now().toString(36)}`;
    await page.goto(`/account/domains/${domain}/hosts`);
    await hydrated(page, js);
    const form = page.getByTestId('new-host');
    await form.getByLabel('Όνομα host').fill(prefix);
    await form.getByTestId('host-ip-0').fill('192.0.2.44');
    // A wrong address is refused at its row and nothing is created.
    await form.getByTestId('host-ip-1').fill('2001:db8::zz');
    await form.getByTestId('host-create').click();
    await expect(page.getByTestId('new-host').locator('[data-field-error]').first()).toBeVisible();
    await expect(main(page).locator('[data-testid="host-row"]')).toHaveCount(0);
    await page.getByTestId('new-host').getByTestId('host-ip-1').fill('2001:db8::44');
    await page.getByTestId('new-host').getByTestId('host-create').click();
    const row = page.locator(`[data-testid="host-row"][data-host="${prefix}.${domain}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('192.0.2.44');
    await expect(row).toContainText('2001:db8::44');
  });

  // axe and the phone-width check of the four pages (domain nameservers and hosts, groups, apply):
  // the quality layer visits the same four paths as the demo customer (tests/page-list.ts, decision 066).
});
