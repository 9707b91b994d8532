// The current password under the personal details: asked only to change the mobile (a way into the
// account by SMS reset), checked on the server, never echoed back (issue #10 §3, decision 023).
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../lib/forms';

export function MobilePasswordField({ meta, username }: { meta: FieldMetadata<string | undefined>; username: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="sm:col-span-2" data-testid="mobile-password">
      {/* For password managers: which account this password belongs to. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <InputField meta={meta} label={t('account.current_password')} type="password" autoComplete="current-password" hint={t('account.mobile_password_hint')} />
    </div>
  );
}
