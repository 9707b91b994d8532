// Pieces of the account's profile tab for issue #10 §3 (decision 023): under the personal details,
// whether the mobile is verified (a link to verify it by SMS) and the current password, asked only to
// change the mobile (checked on the server, never echoed back); the link to change the e-mail.
import type { FieldMetadata } from '@conform-to/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../lib/forms';

export function MobilePasswordField({ meta, username, mobileUnverified }: { meta: FieldMetadata<string | undefined>; username: string; mobileUnverified: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <div className="sm:col-span-2" data-testid="mobile-password">
      {mobileUnverified ? (
        <p className="mb-3 text-sm text-amber-900" data-testid="mobile-unverified">
          {t('account.mobile_unverified')}{' '}
          <Link to="/account/mobile" className="link-button" data-testid="mobile-verify-link">
            {t('account.mobile_verify_link')}
          </Link>
        </p>
      ) : null}
      {/* For password managers: which account this password belongs to. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <InputField meta={meta} label={t('account.current_password')} type="password" autoComplete="current-password" hint={t('account.mobile_password_hint')} />
    </div>
  );
}

export function EmailChangeLink() {
  const { t } = useTranslation('auth');
  return (
    <Link to="/account/email" className="link-button mt-3 inline-block text-sm" data-testid="email-change-link">
      {t('account.email_change')}
    </Link>
  );
}
