// A link to one of the legal documents (issue #25 §3), for the consent boxes, the footer and the
// cookie notice. Inside a form it opens in a new tab, so reading the terms never loses what was typed
// (and says so to screen readers).
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { legalPath, type LegalSlug } from '../../../core/legal';

export function LegalLink({ slug, newTab = false, children, className = 'underline' }: { slug: LegalSlug; newTab?: boolean; children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const label = children ?? t(`legal_docs.${slug}`);
  if (!newTab)
    return (
      <Link to={legalPath(slug)} className={className} data-testid={`legal-link-${slug}`}>
        {label}
      </Link>
    );
  return (
    <a href={legalPath(slug)} target="_blank" rel="noopener" className={className} data-testid={`legal-link-${slug}`}>
      {label}
      <span className="sr-only"> {t('legal_docs.new_tab')}</span>
    </a>
  );
}

const TAGGED = /<(terms|privacy|cookies|refunds)>(.*?)<\/\1>/g;

/**
 * A consent box's label with its documents linked: the text (i18n) marks each document with a tag
 * named after its slug, "I accept the <terms>Terms of use</terms>"; each becomes a LegalLink that opens
 * in a new tab. A few lines instead of react-i18next's Trans and its parser in the checkout's bundle.
 */
export function ConsentText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(TAGGED)) {
    out.push(text.slice(at, m.index));
    out.push(
      <LegalLink key={m.index} slug={m[1] as LegalSlug} newTab>
        {m[2]}
      </LegalLink>,
    );
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return <>{out}</>;
}
