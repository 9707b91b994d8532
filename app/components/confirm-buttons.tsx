// The buttons of a confirmation step (a dialog with JavaScript, a step of the page without): the
// submit that carries out the action and Cancel, which closes the dialog or goes back to `cancelTo`.
// One for the back office's domain and hosting actions and the customer's server actions.
import { Link } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';
import { SubmitButton } from '../lib/forms';

export function ConfirmButtons({ action, submitLabel, cancelLabel, cancelTo, onCancel, submitClassName }: { action: string; submitLabel: ReactNode; cancelLabel: ReactNode; cancelTo: string; onCancel?: () => void; submitClassName?: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton intent={action} className={submitClassName} testId={`confirm-${action}`}>
        {submitLabel}
      </SubmitButton>
      <Link
        to={cancelTo}
        className="btn-secondary"
        onClick={(e: MouseEvent) => {
          if (onCancel) {
            e.preventDefault();
            onCancel();
          }
        }}
        data-testid="confirm-cancel"
      >
        {cancelLabel}
      </Link>
    </div>
  );
}
