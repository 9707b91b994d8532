// The summary page's body (spec §2 "Cart step / product summary page"): lines grouped domains →
// hosting → ssl → installations, children under their parents, prices with struck base prices, the
// duration select with per-interval prices, fees, domain configuration with its status, up-sells, and
// the totals. Each form is a plain POST to /cart; with JavaScript a fetcher, and removal hides the line
// at once, showing it again if the server refuses (spec §4 Cart item lifecycle).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { CartView } from '../../../worker/services/cart';
import { Price, VatNote } from '../price';
import { CartLineForms, LineCard } from './cart-line';
import type { ContactDraft } from '../../../core/contacts/first-details';
import { NewContactForm, NewGroupForm, type ContactOption, type GroupOption } from './domain-config';

const NO_LINES: CartView['lines'] = [];

export function CartSummary({ view, contacts, groups, contactDraft = null }: { view: CartView; contacts: ContactOption[]; groups: GroupOption[]; contactDraft?: ContactDraft | null }) {
  const { t } = useTranslation('cart');
  const parents = view.lines.filter((l) => !l.parentId);
  const childrenOf = new Map<string, CartView['lines']>();
  for (const l of view.lines) if (l.parentId) childrenOf.set(l.parentId, [...(childrenOf.get(l.parentId) ?? []), l]);
  // minmax(0, …) tracks: a wide line (a long name, a form) must not widen the page on a phone.
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4" data-testid="cart-lines">
        <CartLineForms />
        {view.needsLogin ? (
          <p className="rounded border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="cart-login-note">
            {t('login_note')}{' '}
            <Link to="/auth/login?redirectTo=%2Fcart" className="link-button">
              {t('login')}
            </Link>
          </p>
        ) : null}
        {parents.map((line) => (
          <LineCard key={line.id} line={line} children={childrenOf.get(line.id) ?? NO_LINES} contacts={contacts} groups={groups} loggedIn={!view.needsLogin} />
        ))}
        {!view.needsLogin && view.lines.some((l) => l.kind === 'domain' && l.configStatus?.sections.contacts) ? (
          // One below the other, at full width: side by side, the contact's fields were too narrow for a name or an e-mail (issue #25 §4).
          <div className="space-y-4">
            {/* Spec §5 Contacts: explicit_contacts hides 'new': shown while some line may use a new contact. */}
            {view.lines.some((l) => l.kind === 'domain' && l.configStatus?.sections.contacts && !l.config.explicitContacts) ? <NewContactForm draft={contactDraft} /> : null}
            <NewGroupForm />
          </div>
        ) : null}
      </div>
      <aside className="card h-fit lg:sticky lg:top-24" aria-labelledby="totals-title" data-testid="cart-totals">
        <h2 id="totals-title" className="mb-3 text-lg font-semibold">
          {t('totals')}
        </h2>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>{t('sub_total')}</dt>
            <dd>
              <span data-testid="sub-total">{formatNet(view.totals.subTotalCents)}</span>
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>{t('vat', { rate: view.totals.vatRateBp / 100 })}</dt>
            <dd data-testid="vat-total">{formatNet(view.totals.vatCents)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
            <dt>{t('grand_total')}</dt>
            <dd data-testid="grand-total" data-cents={view.totals.grandTotalCents}>
              {formatNet(view.totals.grandTotalCents)}
            </dd>
          </div>
        </dl>
        {view.ready && !view.needsLogin ? (
          <Link to="/cart/checkout" className="btn-primary mt-4 block text-center" data-testid="to-checkout">
            {t('checkout')}
          </Link>
        ) : (
          <p className="mt-4 text-sm text-slate-700" data-testid="not-ready">
            {view.needsLogin ? t('login_to_checkout') : t('not_ready')}
          </p>
        )}
      </aside>
    </div>
  );
}

// Totals are exact amounts to pay (VAT included on its own line), formatted without the VAT display.
function formatNet(cents: number) {
  return <Price cents={cents} exact />;
}

export { VatNote };
