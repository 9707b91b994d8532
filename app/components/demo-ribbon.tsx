// The demo ribbon (issue #10 §1, decision 021): a production deployment that runs any port as its
// sandbox says so on every page, so nobody mistakes a demo payment or registration for a real one.
// It sits in the page flow above the header (never over content), wraps on a narrow screen, and has
// no focusable element, so the skip link stays the first stop of the keyboard.
import { useTranslation } from 'react-i18next';

export function DemoRibbon() {
  const { t } = useTranslation();
  return (
    <div role="note" aria-label={t('demo_ribbon.label')} data-testid="demo-ribbon" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950">
      <p className="mx-auto flex max-w-7xl items-start gap-2">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
          <path d="M10 1.5 19 18H1L10 1.5Zm0 5a1 1 0 0 0-1 1v4.5a1 1 0 1 0 2 0V7.5a1 1 0 0 0-1-1Zm0 8.25a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2Z" />
        </svg>
        <span>
          <strong className="font-semibold">{t('demo_ribbon.label')}:</strong> {t('demo_ribbon.text')}
        </span>
      </p>
    </div>
  );
}
