// One legal document as a page (issue #25 §3): its title, the version line ("Έκδοση 1 · 27 Νοεμβρίου
// 2026") from the registry, the sections, and the other documents. Addresses in the text become links.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_SLUGS, legalDate, type LegalDocument } from '../../../core/legal';
import { athensFormat } from '../../lib/date-format';
import { LegalLink } from './legal-link';

export type LegalSection = { h: string; p?: string[]; list?: string[]; table?: { name: string; purpose: string; duration: string; rows: { name: string; purpose: string; duration: string }[] } };
export type LegalText = { title: string; meta_description: string; intro: string; sections: LegalSection[] };

const URL_RE = /(https?:\/\/[^\s,;)]+[^\s,;).])/g;

/** Plain text with its web addresses as links (the texts hold no markup). */
function Linked({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all underline" rel="noopener noreferrer">
            {part.replace(/^https?:\/\//, '')}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function LegalDocumentView({ doc, lang, text }: { doc: LegalDocument; lang: 'el' | 'en'; text: LegalText }) {
  const { t } = useTranslation();
  const date = athensFormat(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(legalDate(doc.slug));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="legal-document" data-slug={doc.slug} data-version={doc.version}>
      <article aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-3xl font-bold">
          {text.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="legal-version">
          <time dateTime={doc.date}>{t('legal_docs.version', { version: doc.version, date })}</time>
        </p>
        <p className="mt-6 text-lg text-slate-800">{text.intro}</p>
        {text.sections.map((s, i) => (
          <section key={i} className="mt-8" aria-labelledby={`legal-s${i}`}>
            <h2 id={`legal-s${i}`} className="text-xl font-semibold">
              {s.h}
            </h2>
            {s.p?.map((p, j) => (
              <p key={j} className="mt-3 leading-relaxed text-slate-800">
                <Linked text={p} />
              </p>
            ))}
            {s.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-800">
                {s.list.map((item, j) => (
                  <li key={j}>
                    <Linked text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
            {s.table ? (
              // Scrolls sideways on a narrow phone: a focusable region, so the keyboard can scroll it too.
              <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`legal-s${i}`}>
                <table className="w-full text-left text-sm" data-testid="cookie-table">
                  <thead>
                    <tr className="border-b border-slate-300">
                      <th scope="col" className="py-2 pr-3">
                        {s.table.name}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {s.table.purpose}
                      </th>
                      <th scope="col" className="py-2">
                        {s.table.duration}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.table.rows.map((r) => (
                      <tr key={r.name} className="border-b border-slate-100 align-top">
                        <th scope="row" className="py-2 pr-3 font-normal">
                          <code>{r.name}</code>
                        </th>
                        <td className="py-2 pr-3">{r.purpose}</td>
                        <td className="py-2">{r.duration}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        ))}
      </article>
      <nav aria-label={t('legal_docs.others')} className="mt-12 border-t border-slate-200 pt-6">
        <h2 className="font-semibold">{t('legal_docs.others')}</h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LEGAL_SLUGS.filter((s) => s !== doc.slug).map((s) => (
            <li key={s}>
              <LegalLink slug={s} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
