import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MAIN_MENU } from '../lib/menu';
import { VatNote } from './price';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
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
            <p>{t('footer.company')}</p>
            <p>{t('footer.address')}</p>
            <p>
              <a href="tel:+302100000000">{t('footer.phone')}</a>
            </p>
            <p>
              <a href="mailto:support@example.gr">support@example.gr</a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        <p>
          <VatNote /> · {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
