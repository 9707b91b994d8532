// A native <dialog> opened with showModal(): the browser traps focus, Escape closes it and the
// backdrop is inert, which is the accessible modal behaviour without a library.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Dialog({
  open,
  onClose,
  title,
  children,
  testId,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
  size?: 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={onClose}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      className={`dialog ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
      data-testid={testId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={testId ? `${testId}-title` : undefined} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('actions.close')}</span>
          </button>
        </div>
        {/* Rendered only while open: the closed modal costs no markup (its no-JS twin is a page). */}
        {open ? children : null}
      </div>
    </dialog>
  );
}
