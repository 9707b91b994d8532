// The personal-data archive on /account/privacy (issue #24 §3; spec §2 GDPR, §4 GDPR archive): a
// button in steps — request, wait ("being prepared"), then the password and the download. Without
// JavaScript every step is a plain form and the page shows the state on reload; with it, ArchiveReady
// (every open tab of the customer) shows a success alert and moves the section to the download step.
// The download is a native form POST to a resource route, so the browser saves the streamed ZIP in
// both modes; a wrong password comes back here with ?archive=wrong_password.
import { Form, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { athensFormat } from '../../lib/date-format';
import { FormAlert, SubmitButton } from '../../lib/forms';
import { useLiveChannel } from '../../lib/live';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

export const ARCHIVE_INTENT = 'archive_request';

export type ArchiveSectionState = {
  id: number;
  status: 'pending' | 'building' | 'ready' | 'expired' | 'spent' | 'failed';
  requestedAt: number;
  readyAt: number | null;
  expiresAt: number | null;
  sizeBytes: number | null;
  attemptsLeft: number;
} | null;

/** What came back from the last download attempt (the resource route's redirect). */
export type ArchiveNotice = 'wrong_password' | 'spent' | 'none' | 'throttled' | null;

export function readArchiveNotice(url: string): ArchiveNotice {
  const v = new URL(url).searchParams.get('archive');
  return v === 'wrong_password' || v === 'spent' || v === 'none' || v === 'throttled' ? v : null;
}

type Step = 'request' | 'wait' | 'download';

function stepOf(archive: ArchiveSectionState): Step {
  if (!archive) return 'request';
  if (archive.status === 'pending' || archive.status === 'building') return 'wait';
  if (archive.status === 'ready') return 'download';
  return 'request';
}

export function ArchiveSection({ archive, actionCode, notice }: { archive: ArchiveSectionState; actionCode?: number; notice: ArchiveNotice }) {
  const { t, i18n } = useTranslation('archive');
  const revalidator = useRevalidator();
  const [readyAlert, setReadyAlert] = useState(false);
  const step = stepOf(archive);
  useEffect(() => {
    if (step !== 'download') setReadyAlert(false);
  }, [step]);
  // Spec §4 GDPR archive: when it is ready, a success alert and the button moves on, in every tab.
  useLiveChannel('account', (m) => {
    if (m.event !== 'ArchiveReady') return;
    setReadyAlert(true);
    revalidator.revalidate();
  });
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const size = (bytes: number) => new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'el-GR', { style: 'unit', unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
  const steps: Step[] = ['request', 'wait', 'download'];

  return (
    <section id="archive" aria-labelledby="archive-title" className="card" data-testid="archive-section" data-step={step}>
      <h2 id="archive-title" className="mb-2 text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      <ol aria-label={t('steps_label')} className="mb-4 flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`rounded-full border px-3 py-1 ${s === step ? 'border-blue-700 bg-blue-50 font-semibold text-blue-900' : 'border-slate-300 text-slate-700'}`}
            data-testid={`archive-step-${s}`}
          >
            {i + 1}. {t(`step_${s}`)}
          </li>
        ))}
      </ol>

      {actionCode !== undefined ? (
        <FormAlert type={codeAlertType(actionCode)} code={actionCode} testId="archive-outcome">
          {codeMessage(t, actionCode)}
        </FormAlert>
      ) : null}
      {readyAlert && step === 'download' ? (
        <FormAlert type="success" testId="archive-ready-alert">
          {t('ready_alert')}
        </FormAlert>
      ) : null}
      {notice === 'wrong_password' && step === 'download' ? (
        <FormAlert type="warning" code={ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD} testId="archive-wrong-password">
          {t('wrong_password')}
        </FormAlert>
      ) : null}
      {notice === 'spent' && step === 'request' ? <FormAlert type="alert" testId="archive-spent">{t('spent')}</FormAlert> : null}
      {notice === 'none' && step !== 'download' ? <FormAlert type="warning" testId="archive-none">{t('none')}</FormAlert> : null}
      {notice === 'throttled' && step === 'download' ? <FormAlert type="alert" testId="archive-throttled">{t('throttled')}</FormAlert> : null}

      {step === 'request' ? (
        <>
          {archive?.status === 'expired' ? <p className="mb-3 text-sm text-slate-700">{t('expired')}</p> : null}
          {archive?.status === 'failed' ? <p className="mb-3 text-sm text-slate-700">{t('failed')}</p> : null}
          <Form method="post" action="/account/privacy" preventScrollReset>
            <CsrfInput />
            <PageIdInput />
            <SubmitButton intent={ARCHIVE_INTENT} testId="archive-request">
              {archive ? t('request_again') : t('request')}
            </SubmitButton>
          </Form>
        </>
      ) : null}

      {step === 'wait' && archive ? (
        <div data-testid="archive-pending">
          <p className="mb-2 flex items-center gap-2 text-slate-800" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('pending')}
          </p>
          <p className="mb-3 text-sm text-slate-600">{t('requested_at', { when: when(archive.requestedAt) })}</p>
          <a href="/account/privacy#archive" className="btn-secondary" data-testid="archive-refresh">
            {t('refresh')}
          </a>
        </div>
      ) : null}

      {step === 'download' && archive ? (
        <div data-testid="archive-ready">
          <p className="mb-1 text-slate-800">{t('ready', { size: size(archive.sizeBytes ?? 0) })}</p>
          {archive.expiresAt ? <p className="mb-1 text-sm text-slate-600">{t('expires', { when: when(archive.expiresAt) })}</p> : null}
          <p className="mb-3 text-sm text-slate-600" data-testid="archive-attempts">
            {t('attempts_left', { count: archive.attemptsLeft })}
          </p>
          {/* A native form: the answer is the ZIP itself, which the browser saves. */}
          <form method="post" action="/account/privacy/archive" className="flex flex-wrap items-end gap-3">
            <CsrfInput />
            <div>
              <label htmlFor="archive-password" className="mb-1 block text-sm font-medium">
                {t('password')}
              </label>
              <input id="archive-password" name="password" type="password" autoComplete="current-password" required className="w-full rounded border border-slate-300 px-3 py-2" data-testid="archive-password" />
            </div>
            <button type="submit" className="btn-primary" data-testid="archive-download">
              {t('download')}
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
