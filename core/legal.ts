// The one registry of the legal documents the customer reads and accepts (issue #25 §3): terms of
// use, privacy policy, cookie policy, refund and withdrawal policy. Each has a version and the date of
// that version; the pages print them, the consent code records them (registration, the GDPR approval
// at login through GDPR_POLICY_VERSION, the order's acceptance). Raising a version here is the one
// change when a text changes (with the text in i18n/*/policies.json).

export const LEGAL_SLUGS = ['terms', 'privacy', 'cookies', 'refunds'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export type LegalDocument = {
  slug: LegalSlug;
  /** A whole number, raised whenever the text changes in substance. */
  version: number;
  /** The day this version took effect (ISO date, Athens). */
  date: string;
};

/**
 * Version 1 of the privacy policy is the one customers approved before versions were kept
 * (users.gdpr_policy_version defaults to 1, decision 075): its text is now published as it was agreed.
 */
export const LEGAL_DOCUMENTS: Record<LegalSlug, LegalDocument> = {
  terms: { slug: 'terms', version: 1, date: '2026-11-27' },
  privacy: { slug: 'privacy', version: 1, date: '2026-11-27' },
  cookies: { slug: 'cookies', version: 1, date: '2026-11-27' },
  refunds: { slug: 'refunds', version: 1, date: '2026-11-27' },
};

/** The documents a placed order accepts: the checkout's one box names the terms and the refund and withdrawal policy. */
export const ORDER_ACCEPTS: readonly LegalSlug[] = ['terms', 'refunds'];

/** The documents a new account accepts: the terms box and the processing approval (privacy policy). */
export const REGISTRATION_ACCEPTS: readonly LegalSlug[] = ['terms', 'privacy'];

export function isLegalSlug(value: unknown): value is LegalSlug {
  return typeof value === 'string' && (LEGAL_SLUGS as readonly string[]).includes(value);
}

/** Where a document is read (the same address in both languages; the language is the visitor's). */
export function legalPath(slug: LegalSlug): string {
  return `/legal/${slug}`;
}

/** The versions of the given documents in force, as stored with an acceptance: { terms: 1, refunds: 1 }. */
export function acceptedVersions(slugs: readonly LegalSlug[]): Partial<Record<LegalSlug, number>> {
  return Object.fromEntries(slugs.map((s) => [s, LEGAL_DOCUMENTS[s].version]));
}

/** The date of a version as a Date at noon UTC (the same calendar day in Athens, for formatting). */
export function legalDate(slug: LegalSlug): Date {
  return new Date(`${LEGAL_DOCUMENTS[slug].date}T12:00:00Z`);
}
