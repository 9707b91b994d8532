import { Form, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../i18n/config';
import { CsrfInput } from './csrf-input';

// reloadDocument: the browser holds only the page's language, so a switch loads the page anew.
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/settings" reloadDocument className="flex gap-2" data-testid="language-switch">
      <CsrfInput />
      <input type="hidden" name="intent" value="language" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          aria-pressed={i18n.language === lng}
          className={i18n.language === lng ? 'btn-primary' : 'btn-secondary'}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </Form>
  );
}
