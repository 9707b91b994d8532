// Issue #12 §4 as the demo customer meets it, with JavaScript on and off: complete an incomplete
// contact and see it ready for .gr; change the technical contact of a .gr name. Each project uses its
// own demo contact and name (the two run side by side on one database).
import { expect, hydrated, test } from './fixtures';
import { signedIn } from './sessions';

test('an incomplete contact is completed and becomes ready for .gr', async ({ page, js }) => {
  const person = js ? { name: 'Γιώργος Νικολάου', first: 'Giorgos', last: 'Nikolaou' } : { name: 'Ελένη Σταύρου', first: 'Eleni', last: 'Stavrou' };
  await signedIn(page, 'demo', '/account/contacts');
  await hydrated(page, js);
  const row = page.getByTestId('contact-row').filter({ hasText: person.name });
  await expect(row).toHaveAttribute('data-incomplete', 'true');
  await expect(row.getByTestId('ready-gr')).toHaveAttribute('data-ready', '0');
  await expect(row.getByTestId('ready-gr')).toContainText('όχι έτοιμη');
  await row.getByTestId('contact-complete').click();
  await expect(page.getByTestId('complete-intro')).toBeVisible();
  const form = page.getByTestId('contact-form');
  // A Latin name that is not the holder's is refused under its field, and what was typed stays.
  await form.getByLabel('Όνομα (λατινικά)').fill('John');
  await form.getByLabel('Επώνυμο (λατινικά)').fill(person.last);
  await form.getByLabel('Τ.Κ.').fill('10434');
  await page.getByTestId('contact-submit').click();
  await expect(page.locator('[id$="first_name_int_ind-error"]')).toContainText('ίδιο με αυτό του κατόχου');
  await expect(form.getByLabel('Τ.Κ.')).toHaveValue('10434');
  await form.getByLabel('Όνομα (λατινικά)').fill(person.first);
  await page.getByTestId('contact-submit').click();
  await expect(page).toHaveURL(/\/account\/contacts\?done=7511/);
  await expect(page.getByTestId('contacts-done')).toContainText('Το προφίλ επαφής συμπληρώθηκε.');
  const done = page.getByTestId('contact-row').filter({ hasText: person.name });
  await expect(done).toHaveAttribute('data-incomplete', 'false');
  await expect(done.getByTestId('ready-gr')).toHaveAttribute('data-ready', '1');
  await expect(done.getByTestId('ready-gr')).toContainText('.gr / .ελ: έτοιμη');
  await expect(done.getByTestId('ready-generic')).toHaveAttribute('data-ready', '1');
});

test('the technical contact of a .gr name changes to another ready contact; a new registrant is a trade', async ({ page, js }) => {
  // kafeneio.gr for the JavaScript run, καφενείο.gr (by its Unicode address, redirected) without it.
  const path = js ? '/account/domains/kafeneio.gr/contacts' : '/account/domains/καφενείο.gr/contacts';
  await signedIn(page, 'demo');
  await page.goto(path);
  await hydrated(page, js);
  await expect(page.getByTestId('domain-contacts')).toHaveAttribute('data-domain', js ? 'kafeneio.gr' : 'xn--kxadmawuq5c.gr');
  const tech = page.getByTestId('role-tech');
  const before = (await tech.getByTestId('role-holder').textContent())!.trim();
  const select = tech.getByTestId('role-tech-select');
  const next = before.startsWith('Μαρία') ? 'Καφενείο Ο.Ε. (Νίκος Τεχνικός) (tech@example.gr)' : 'Μαρία Παπαδοπούλου (demo@example.gr)';
  await select.selectOption({ label: next });
  await page.getByTestId('role-tech-submit').click();
  await expect(page.getByTestId('role-tech-alert')).toContainText('Η επαφή του ρόλου άλλαξε.');
  await expect(tech.getByTestId('role-holder')).not.toHaveText(before);
  await expect(tech.getByTestId('role-holder')).toHaveText(next.replace(/ \([^)]*@[^)]*\)$/, ''));
  // A registrant change at .gr is a chargeable trade: the page says so and links to the ownership page.
  // The current registrant depends on what ran before (a handover names the recipient's own contact):
  // ask for the other one, and the holder stays as it was.
  const registrant = page.getByTestId('role-registrant');
  const holder = (await registrant.getByTestId('role-holder').textContent())!.trim();
  const other = holder.startsWith('Μαρία') ? 'Καφενείο Ο.Ε. (Νίκος Τεχνικός) (tech@example.gr)' : 'Μαρία Παπαδοπούλου (demo@example.gr)';
  await registrant.getByTestId('role-registrant-select').selectOption({ label: other });
  await page.getByTestId('role-registrant-submit').click();
  await expect(page.getByTestId('role-registrant-alert')).toContainText('συνεπάγεται χρέωση');
  await expect(page.getByTestId('trade-link')).toHaveAttribute('href', /\/ownership$/);
  await expect(registrant.getByTestId('role-holder')).toHaveText(holder);
});
