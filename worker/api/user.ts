import { Hono } from 'hono';
import { ErrorCode } from '../../core/errors';
import { setPreference, vatDisplayFor } from '../services/accounts';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';

export const userRoutes = new Hono<ApiEnv>()
  .post('/set-cookie', async (c) => {
    const ctx = c.get('ctx');
    const countries = await ctx.services.catalog.countries();
    const result = setPreference(c.req.raw, c.get('body'), countries);
    if (!result.ok) throw new ApiError(result.code, { field: result.field });
    c.header('Set-Cookie', result.cookie, { append: true });
    return reply(c, ErrorCode.SUCCESS, { cName: result.name, cValue: result.value });
  })
  // Spec §7 VAT widget reload (decision 037): no payload; the default billing profile with its real
  // rate, and the VAT display state this browser's cookies give (country, quote), forced without VAT
  // when that profile is reverse-charged. A guest gets billingProfile null: prices are shown to anyone.
  .post('/vat-widget', async (c) => {
    const ctx = c.get('ctx');
    const session = await ctx.session();
    const [countries, billingProfile] = await Promise.all([ctx.services.catalog.countries(), ctx.services.orders.vatWidgetProfile(session?.user.id ?? null)]);
    const display = vatDisplayFor(ctx.prefs, countries, { vatWaived: billingProfile?.vat_waived === true });
    return reply(c, ErrorCode.SUCCESS, { billingProfile, country: display.country, quote: display.quote, show: display.show, forcedOff: display.forcedOff });
  });
