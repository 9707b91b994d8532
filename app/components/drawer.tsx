// A slide-in panel. Without JavaScript it opens through its URL fragment (CSS :target) and closes
// with a link to '#'; with JavaScript it is driven by state, moves focus in, and closes on Escape.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Drawer({
  id,
  open,
  onClose,
  label,
  children,
  className = '',
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // A modal drawer: the page behind is inert and Tab cycles inside the drawer.
    // The backdrop stays live: a click on it closes the drawer.
    const outside = [...document.querySelectorAll<HTMLElement>('body > *')].filter(
      (el) => !el.contains(ref.current) && !el.classList.contains('drawer-backdrop') && !el.hasAttribute('inert'),
    );
    outside.forEach((el) => el.setAttribute('inert', ''));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab' || !ref.current) return;
      const focusable = [...ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])')].filter(
        (el) => el.offsetParent !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      outside.forEach((el) => el.removeAttribute('inert'));
      previous?.focus?.();
    };
  }, [open, onClose]);
  return (
    <>
      <div
        id={id}
        ref={ref}
        role="dialog"
        aria-modal={open ? 'true' : undefined}
        aria-label={label}
        data-open={open ? 'true' : 'false'}
        className={`drawer ${className}`}
        data-testid={id}
      >
        <div className="flex items-center justify-end border-b border-slate-200 p-2">
          <a
            href="#"
            className="icon-btn"
            data-autofocus
            data-testid={`${id}-close`}
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('actions.close_menu')}</span>
          </a>
        </div>
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
      </div>
      <div className="drawer-backdrop" data-open={open ? 'true' : 'false'} onClick={onClose} aria-hidden="true" />
    </>
  );
}
