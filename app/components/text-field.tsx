// A labelled text input with its error under it, linked for screen readers (aria-describedby).
import type { InputHTMLAttributes } from 'react';

export function TextField({ id, label, error, ...input }: { id: string; label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
