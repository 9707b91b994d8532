// A one-line note for a domain's overview (issue #12 §5 '.ελ'): the holder of a Greek .gr may register
// the matching .ελ; the link leads to the ownership page, which checks it and puts it in the cart.
// Feed it `services.handovers.elOffer(userId, domain)` from the overview's loader.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { ElView } from './transfer-ownership';

export function TransferElNote({ el, asciiFqdn }: { el: ElView; asciiFqdn: string }) {
  const { t } = useTranslation('transfers');
  if (el?.kind !== 'el' || el.state !== 'available') return null;
  return (
    <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="el-note">
      {t('ownership.el_text', { gr: el.gr, el: el.fqdn })}{' '}
      <Link to={`/account/domains/${asciiFqdn}/ownership#el-title`} className="link-button">
        {t('ownership.el_register', { el: el.fqdn })}
      </Link>
    </p>
  );
}
