// The cart step / product summary page (spec §2 "Cart step / product summary page", issue #5 §1–2), and
// the one action for the cart aggregate, switching on an intent (Hydrogen's model): add (a domain from
// search, a transfer with its EPP code, a product, an up-sell), remove (with its children), change a
// length, configure a domain (contacts per role, nameservers, terms, .xxx token), create a contact or a
// nameserver group. Plain POSTs redirect back (errors in the errorCode cookie); fetchers get JSON.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DOMAIN_ACTIONS, type CartDomainAction } from '../../core/cart/types';
import { ErrorCode, resolveCode } from '../../core/errors';
import { contactSchema, domainConfigSchema, nameserverGroupSchema } from '../../core/validation/cart-forms';
import { CartSummary } from '../components/cart/cart-summary';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import { CART_HINT_COOKIE } from '../../core/cart/types';
import { cartOwner, redirectWithCode } from '../lib/cart.server';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';
import { CartIcon } from '../components/icons';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const owner = await cartOwner(context);
  const vat = context.services.preferences.vatDisplay(context.prefs, await context.services.catalog.countries());
  const view = await context.services.cart.view(owner, { lang, vatRateBp: vat.rateBp });
  const [contacts, groups] = owner.userId ? await Promise.all([context.services.contacts.contacts(owner.userId), context.services.contacts.nameserverGroups(owner.userId)]) : [[], []];
  // The first contact is offered filled in from the account's profile (issue #25 §4).
  const contactDraft = owner.userId && view.lines.some((l) => l.kind === 'domain') ? await context.services.contacts.contactDraft(owner.userId, { hasContacts: contacts.length > 0 }) : null;
  return { meta: { title: t('cart:meta_title'), description: t('cart:meta_description') }, view, contacts, groups, contactDraft };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type Reply = { ok: boolean; code?: number; intent: string; ids?: string[]; result?: unknown; field?: string };

/** A refusal's HTTP status comes from the catalogue (100 → 400, 35001 → 404 …). */
const statusOf = (code: number) => resolveCode(code).httpStatus;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const intent = String(form.get('intent') ?? '');
  const js = form.get('js') === '1';
  const back = safeRedirectTo(form.get('redirectTo'), '/cart');
  const uniqueId = typeof form.get('unique_id') === 'string' && form.get('unique_id') ? String(form.get('unique_id')) : null;
  const owner = await cartOwner(context);
  const cart = context.services.cart;
  const done = (r: Reply & { count?: number }, status = 200) => {
    // A guest's item count, so pages can skip the cart lookup while it is empty (see CART_HINT_COOKIE).
    const hint = owner.userId === null && r.count !== undefined ? serializeCookie(CART_HINT_COOKIE, String(r.count), { sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 30 * 86_400 }) : null;
    if (js) return data(r, { status, headers: hint ? { 'Set-Cookie': hint } : undefined });
    const res = redirectWithCode(request, back, r.ok ? null : (r.code ?? ErrorCode.CART_ACTION_EXCEPTION));
    if (hint) res.headers.append('Set-Cookie', hint);
    return res;
  };

  switch (intent) {
    case 'add': {
      const type = String(form.get('type') ?? 'domain');
      const months = Number(form.get('months')) || undefined;
      if (type === 'domain' || (DOMAIN_ACTIONS as readonly string[]).includes(type)) {
        const action: CartDomainAction = type === 'domain' ? 'register' : (type as CartDomainAction);
        const authCode = String(form.get('auth_code') ?? '').trim();
        if ((action === 'transfer' || action === 'transfer_renew') && (authCode.length < 6 || authCode.length > 64)) return done({ ok: false, intent, code: ErrorCode.INVALID_EPP_AUTH }, 400);
        const r = await cart.addDomain(owner, { name: String(form.get('fqdn') ?? ''), action, months, authCode, uniqueId });
        return done(r.ok ? { ok: true, intent, ids: r.items.map((i) => i.id), count: r.count } : { ok: false, intent, code: r.code, ids: r.existingId ? [r.existingId] : [] }, r.ok ? 200 : 400);
      }
      const parentId = (form.get('parent_id') as string | null) || null;
      const relation = parentId && form.get('relation') === 'cross_sell' ? ('cross_sell' as const) : undefined;
      const r = await cart.addProduct(owner, { sku: String(form.get('sku') ?? type), months, parentId, relation, uniqueId });
      return done(r.ok ? { ok: true, intent, ids: r.items.map((i) => i.id), count: r.count } : { ok: false, intent, code: r.code }, r.ok ? 200 : 400);
    }
    case 'remove': {
      const r = await cart.remove(owner, String(form.get('id') ?? ''), uniqueId);
      // 35001 carries the ids that are not there (spec §8: data.not_found), for the page to drop.
      return done(r.ok ? { ok: true, intent, ids: r.deleted, count: r.count } : { ok: false, intent, code: r.code, ids: [String(form.get('id') ?? '')] }, r.ok ? 200 : 404);
    }
    case 'length': {
      // The service checks the length against what the item allows (100 with data.field 'length').
      // The page's lines share one length form (app/components/cart/cart-line.tsx): without JavaScript
      // it sends every line's select as months_<id> and the pressed button's id; read that line's.
      const id = String(form.get('id') ?? '');
      const months = form.get('months') ?? form.get(`months_${id}`);
      const r = await cart.update(owner, id, { lengthMonths: Number(months) }, uniqueId);
      return done(r.ok ? { ok: true, intent } : { ok: false, intent, code: r.code, field: r.field }, r.ok ? 200 : statusOf(r.code));
    }
    case 'item_settings': {
      const quantity = form.get('quantity');
      const domain = form.get('domain');
      const r = await cart.updateSettings(owner, String(form.get('id') ?? ''), { ...(typeof domain === 'string' ? { domain } : {}), ...(typeof quantity === 'string' && quantity !== '' ? { quantity: Number(quantity) } : {}) }, uniqueId);
      return done(r.ok ? { ok: true, intent } : { ok: false, intent, code: r.code, field: r.field }, r.ok ? 200 : statusOf(r.code));
    }
    case 'configure': {
      if (!owner.userId) return done({ ok: false, intent, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS }, 403);
      const submission = parseForm(form, domainConfigSchema);
      if (submission.status !== 'success') return data({ ok: false, intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
      const v = submission.value;
      const contactIds = [v.registrant, v.admin, v.tech, v.billing].filter((x): x is number => typeof x === 'number');
      const groupId = v.ns_mode === 'group' ? (v.ns_group ?? null) : null;
      if (!(await context.services.contacts.ownsConfig(owner.userId, contactIds, groupId))) return done({ ok: false, intent, code: ErrorCode.ACTION_NOT_ALLOWED }, 403);
      const nameservers =
        v.ns_mode === 'group' && groupId !== null ? { mode: 'group' as const, groupId } : v.ns_mode === 'custom' ? { mode: 'custom' as const, list: (v.ns ?? []).filter((n): n is string => Boolean(n)) } : v.ns_mode === 'default' || v.ns_mode === 'none' ? { mode: 'default' as const } : undefined;
      const r = await cart.update(
        owner,
        v.id,
        {
          config: {
            contacts: { registrant: v.registrant, admin: v.admin, tech: v.tech, billing: v.billing },
            ...(nameservers ? { nameservers } : {}),
            agree: v.agree === true,
            ...(v.xxx_resolve !== undefined ? { xxx: { resolve: v.xxx_resolve === 'yes', token: v.xxx_token } } : {}),
          },
        },
        uniqueId,
      );
      return done(r.ok ? { ok: true, intent } : { ok: false, intent, code: r.code, field: r.field }, r.ok ? 200 : statusOf(r.code));
    }
    case 'create_contact': {
      if (!owner.userId) return done({ ok: false, intent, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS }, 403);
      const submission = parseForm(form, contactSchema);
      if (submission.status !== 'success') return data({ ok: false, intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
      const v = submission.value;
      const contactId = await context.services.contacts.createContact(owner.userId, {
        firstName: v.first_name,
        lastName: v.last_name,
        firstNameInt: v.first_name_int ?? null,
        lastNameInt: v.last_name_int ?? null,
        organisation: v.organisation ?? null,
        email: v.email,
        phone: v.phone,
        address: v.address,
        city: v.city,
        postcode: v.postcode,
        countryIso2: v.country,
      });
      // Typed once (issue #25 §4): the new contact takes the roles still empty on the cart's lines.
      const given = await cart.giveEmptyRoles(owner, contactId, uniqueId);
      return done({ ok: true, intent, ids: given });
    }
    case 'create_ns_group': {
      if (!owner.userId) return done({ ok: false, intent, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS }, 403);
      const submission = parseForm(form, nameserverGroupSchema);
      if (submission.status !== 'success') return data({ ok: false, intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
      await context.services.contacts.createNameserverGroup(owner.userId, submission.value.name, submission.value.ns.filter((n): n is string => Boolean(n)));
      return done({ ok: true, intent });
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  }
}

export default function Cart() {
  const { view, contacts, groups, contactDraft } = useLoaderData<typeof loader>();
  const { t } = useTranslation('cart');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      {view.lines.length === 0 ? (
        <div className="card text-center" data-testid="cart-empty">
          <CartIcon size="3rem" className="mx-auto text-slate-400" />
          <p className="mt-2 text-lg">{t('empty')}</p>
          <Link to="/domains/search" className="btn-primary mt-4 inline-block">
            {t('find_domain')}
          </Link>
        </div>
      ) : (
        <CartSummary view={view} contacts={contacts} groups={groups} contactDraft={contactDraft} />
      )}
    </div>
  );
}
