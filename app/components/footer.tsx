import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MAIN_MENU } from '../lib/menu';
import { useRootData } from '../lib/root-data';
import { FooterNewsletter } from './newsletter/public-subscribe';
import { VatNote } from './price';
import { LEGAL_SLUGS } from '../../core/legal';
import { LegalLink } from './legal/legal-link';

/** A phone number as a tel: link takes it: digits and the leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// The contact block names the seller of the receipts and invoices (issue #20 §1): one source, the
// seller settings (core/config.ts), never a text of its own.
export function Footer() {
  const { t } = useTranslation();
  const { seller } = useRootData();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-6">
        {/* First: on a phone the last column sits under the fixed toolbox (bottom right), which would cover its button. */}
        <FooterNewsletter />
        {MAIN_MENU.map((section) => (
          <nav key={section.key} aria-label={t(section.key)}>
            <h2 className="mb-3 font-semibold">{t(section.key)}</h2>
            <ul className="space-y-2 text-sm">
              {section.links.map((l) => (
                <li key={l.key}>
                  <Link to={l.to} className="text-slate-700 hover:text-blue-800">
                    {t(l.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="mb-3 font-semibold">{t('footer.contact')}</h2>
          <address className="space-y-1 text-sm not-italic text-slate-700">
            <p data-testid="seller-name">{seller.name}</p>
            <p>{`${seller.address}, ${seller.postcode} ${seller.city}`}</p>
            <p>{t('footer.vat_number', { vat: seller.vatNumber })}</p>
            <p>
              <a href={telHref(seller.phone)}>{seller.phone}</a>
            </p>
            <p>
              <a href={`mailto:${seller.email}`}>{seller.email}</a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        {/* The legal documents (issue #25 §3), each with its version and date on its page. */}
        <nav aria-label={t('footer.legal')} className="mb-2" data-testid="footer-legal">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 px-4">
            {LEGAL_SLUGS.map((slug) => (
              <li key={slug}>
                {/* 24 px tall each (WCAG 2.2 target size): wrapped on a phone, the rows stood 23.4 px apart (issue #32 §5). */}
                <LegalLink slug={slug} className="inline-flex min-h-6 items-center text-slate-700 underline hover:text-blue-800" />
              </li>
            ))}
          </ul>
        </nav>
        <p>
          <VatNote /> · {t('footer.rights', { year: new Date().getFullYear(), name: seller.name })}
        </p>
      </div>
    </footer>
  );
}
