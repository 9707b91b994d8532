// What this app uses of react-i18next (useTranslation, I18nextProvider, initReactI18next), without
// the rest: vite.config.ts points 'react-i18next' here, for the server and the browser alike, so the
// 65 components keep their imports (issue #11 §2, decision 030). Works with i18next (the server) and
// with i18n/client-translator.ts (the browser). No Suspense and no re-render on a language change:
// texts are loaded before the first render and a page holds one language (a switch loads a new page).
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

type TFunction = (key: string | string[], options?: unknown) => unknown;
type I18nLike = { language: string; options: { defaultNS?: string | readonly string[] | false }; getFixedT(lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): TFunction };
type Context = { i18n: I18nLike; defaultNS?: string };

const I18nContext = createContext<Context | null>(null);
let globalI18n: I18nLike | null = null;

export const initReactI18next = {
  type: '3rdParty' as const,
  init(instance: I18nLike) {
    globalI18n = instance;
  },
};

export function I18nextProvider({ i18n, defaultNS, children }: { i18n: I18nLike; defaultNS?: string; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nContext.Provider, { value }, children);
}

export function useTranslation(ns?: string | readonly string[], props: { i18n?: I18nLike; lng?: string; keyPrefix?: string } = {}) {
  const context = useContext(I18nContext);
  const i18n = props.i18n ?? context?.i18n ?? globalI18n;
  if (!i18n) throw new Error('useTranslation: no i18n instance (I18nextProvider or initReactI18next)');
  const wanted = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? 'translation';
  // As react-i18next (nsMode 'default'): the first namespace is the one keys are read from.
  const first = (Array.isArray(wanted) ? wanted[0] : wanted) as string;
  const t = useMemo(() => i18n.getFixedT(props.lng ?? null, first, props.keyPrefix), [i18n, first, props.lng, props.keyPrefix]);
  const result = [t, i18n, true] as unknown as [TFunction, I18nLike, boolean] & { t: TFunction; i18n: I18nLike; ready: boolean };
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
