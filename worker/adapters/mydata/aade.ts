// The real myDATA client: AADE's REST API (v1.0.x), authenticated by the two headers of the seller's
// myDATA account:
//
//   POST {apiUrl}/SendInvoices          body: InvoicesDoc (xml.ts)  → ResponseDoc, one <response> per invoice
//   POST {apiUrl}/CancelInvoice?mark=M  no body                     → ResponseDoc with <cancellationMark>
//   GET  {apiUrl}/RequestTransmittedDocs?mark=M-1&maxMark=M          → RequestedDoc, the documents we
//        sent with MARK in (mark, maxMark]: so exactly the one whose MARK is M, with its uid and QR link
//
// AADE answers 200 with a statusCode per document: Success, ValidationError, XMLSyntaxError (the
// document is wrong: sending it again cannot help) or TechnicalError (try later). An HTTP 5xx, a
// timeout or no answer at all is retryable; another HTTP error (401: the credentials) is not, and
// waits for staff with the status as its error.
import type { AadeInvoice } from '../../../core/documents/mydata-mapping';
import type { CancelResult, MydataError, MydataPort, SendResult, TransmittedResult } from './port';
import { invoicesDoc, readRequestedDoc, readResponseDoc, type ResponseItem } from './xml';

export type AadeConfig = { apiUrl: string; userId: string; subscriptionKey: string; fetch?: typeof fetch; timeoutMs?: number };

export const AADE_TIMEOUT_MS = 20_000;

type Answer<T = ResponseItem[]> = { kind: 'items'; items: T } | { kind: 'failed'; errors: MydataError[]; retryable: boolean };

export function createAadeMydata(config: AadeConfig): MydataPort {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call<T = ResponseItem[]>(path: string, body: string | undefined, method: 'POST' | 'GET' = 'POST', read: (xml: string) => T = readResponseDoc as (xml: string) => T): Promise<Answer<T>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { 'aade-user-id': config.userId, 'ocp-apim-subscription-key': config.subscriptionKey, ...(body !== undefined ? { 'Content-Type': 'application/xml' } : {}) },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? AADE_TIMEOUT_MS),
      });
    } catch (err) {
      const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
      return { kind: 'failed', retryable: true, errors: [{ code: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', message: err instanceof Error ? err.message : String(err) }] };
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) return { kind: 'failed', retryable: res.status >= 500 || res.status === 429, errors: [{ code: `http_${res.status}`, message: text.slice(0, 300) || res.statusText }] };
    try {
      return { kind: 'items', items: read(text) };
    } catch (err) {
      // A 200 that is not a ResponseDoc (a gateway's page): AADE did not answer; try again later.
      return { kind: 'failed', retryable: true, errors: [{ code: 'bad_response', message: err instanceof Error ? err.message : String(err) }] };
    }
  }

  const refused = (item: ResponseItem): { ok: false; errors: MydataError[]; retryable: boolean } => ({
    ok: false,
    retryable: item.statusCode === 'TechnicalError',
    errors: item.errors.length ? item.errors : [{ code: item.statusCode || 'unknown', message: item.statusCode }],
  });

  return {
    async sendInvoices(invoices: AadeInvoice[]): Promise<SendResult[]> {
      if (!invoices.length) return [];
      const answer = await call('/SendInvoices', invoicesDoc(invoices));
      if (answer.kind === 'failed') return invoices.map(() => ({ ok: false, errors: answer.errors, retryable: answer.retryable }));
      return invoices.map((_, i) => {
        const item = answer.items.find((r) => r.index === i + 1);
        if (!item) return { ok: false, retryable: true, errors: [{ code: 'no_response', message: `no <response> for invoice ${i + 1}` }] };
        if (item.statusCode === 'Success' && item.invoiceMark) return { ok: true, mark: item.invoiceMark, uid: item.invoiceUid ?? '', qrUrl: item.qrUrl };
        return refused(item);
      });
    },

    async transmittedDoc(mark: string): Promise<TransmittedResult> {
      if (!/^\d{1,20}$/.test(mark)) return { ok: false, retryable: false, errors: [{ code: 'bad_mark', message: mark }] };
      // AADE returns documents whose MARK is greater than `mark`, up to `maxMark`: M-1 and M give M alone.
      const before = (BigInt(mark) - 1n).toString();
      const answer = await call(`/RequestTransmittedDocs?mark=${before}&maxMark=${encodeURIComponent(mark)}`, undefined, 'GET', readRequestedDoc);
      if (answer.kind === 'failed') return { ok: false, errors: answer.errors, retryable: answer.retryable };
      return { ok: true, doc: answer.items.find((i) => i.mark === mark) ?? null };
    },

    async cancelInvoice(mark: string): Promise<CancelResult> {
      const answer = await call(`/CancelInvoice?mark=${encodeURIComponent(mark)}`, undefined);
      if (answer.kind === 'failed') return { ok: false, errors: answer.errors, retryable: answer.retryable };
      const item = answer.items[0];
      if (!item) return { ok: false, retryable: true, errors: [{ code: 'no_response', message: 'empty ResponseDoc' }] };
      if (item.statusCode === 'Success' && item.cancellationMark) return { ok: true, cancellationMark: item.cancellationMark };
      return refused(item);
    },
  };
}
