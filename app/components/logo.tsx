import { useTranslation } from 'react-i18next';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 font-bold text-blue-900">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0b3d91" />
        <path d="M9 22V10h8a4 4 0 0 1 0 8h-8m8 0 5 4" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {compact ? null : <span className="text-lg tracking-tight">{t('brand.name')}</span>}
    </span>
  );
}
