// The OTP verification block (spec §4 Registration, §2 reset e-mail/SMS steps): where the code went,
// the code field, and a resend button behind a countdown in seconds. Without JavaScript the countdown
// is a static number and the server refuses an early resend with 90106 and the seconds left.
import { Form } from '@remix-run/react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from './csrf-input';
import { SubmitButton, useHydrated } from '../lib/forms';

export function useCountdown(seconds: number, key: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds, key]);
  return left;
}

export function ResendButton({
  seconds,
  intent,
  hidden,
  stamp,
  FormComponent = Form,
  action,
}: {
  seconds: number;
  intent: string;
  hidden: Record<string, string>;
  stamp: unknown;
  /** A fetcher's form inside a dialog; Remix's <Form> on a page. */
  FormComponent?: ComponentType<React.ComponentProps<typeof Form>>;
  action?: string;
}) {
  const { t } = useTranslation('auth');
  const left = useCountdown(seconds, stamp);
  // Without JavaScript nothing would ever enable the button: it stays usable and the server refuses
  // an early resend (90106) with the seconds left.
  const hydrated = useHydrated();
  return (
    <FormComponent method="post" action={action} className="mt-3 flex items-center gap-3 text-sm" data-testid="otp-resend">
      <CsrfInput />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton intent={intent} className="link-button" disabled={hydrated && left > 0}>
        {t('otp.resend')}
      </SubmitButton>
      {left > 0 ? (
        <span aria-live="polite" data-testid="otp-countdown" data-seconds={left}>
          {t('otp.resend_in', { count: left })}
        </span>
      ) : null}
    </FormComponent>
  );
}

export function OtpIntro({ channel, target, children }: { channel: 'email' | 'sms'; target: string; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mb-4 text-sm text-slate-700" data-testid="otp-block" data-channel={channel}>
      <p>{channel === 'sms' ? t('otp.sent_sms', { target }) : t('otp.sent_email', { target })}</p>
      {children}
    </div>
  );
}
