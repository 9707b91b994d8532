// The alert of a form's outcome, next to the form (role=alert for errors, status for the rest). Its own
// module, free of zod and conform, so that a form on every page (the footer's newsletter) can show it
// without loading the form library; app/lib/forms.tsx re-exports it.
import type { ReactNode } from 'react';

export function FormAlert({ type, children, testId, code }: { type: 'alert' | 'warning' | 'success' | 'info'; children: ReactNode; testId?: string; code?: number }) {
  const styles = {
    alert: 'border-red-300 bg-red-50 text-red-900',
    warning: 'border-amber-300 bg-amber-50 text-amber-900',
    success: 'border-green-300 bg-green-50 text-green-900',
    info: 'border-sky-300 bg-sky-50 text-sky-900',
  }[type];
  return (
    <div role={type === 'alert' || type === 'warning' ? 'alert' : 'status'} className={`mb-4 rounded-lg border px-4 py-3 ${styles}`} data-testid={testId} data-code={code}>
      {children}
    </div>
  );
}

