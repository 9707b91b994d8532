import { describe, expect, it } from 'vitest';
import { createAadeMydata } from './aade';
import { euInvoice, receipt } from './fixtures';

type Seen = { url: string; init: RequestInit };

function fakeFetch(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const s = { url: String(input), init: init ?? {} };
    seen.push(s);
    return answer(s);
  }) as typeof fetch;
  return { f, seen };
}

const client = (f: typeof fetch) => createAadeMydata({ apiUrl: 'https://mydataapidev.aade.gr/', userId: 'seller-user', subscriptionKey: 'sub-key', fetch: f });
const xml = (body: string, status = 200) => new Response(`<?xml version="1.0" encoding="utf-8"?>${body}`, { status, headers: { 'Content-Type': 'application/xml' } });

describe('SendInvoices', () => {
  it('posts the InvoicesDoc with both headers and reads MARK, uid and QR per document', async () => {
    const { f, seen } = fakeFetch(() =>
      xml(`<ResponseDoc xmlns="http://www.aade.gr/myDATA/response/v1.0">
        <response><index>1</index><invoiceUid>5F2A6E1B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F</invoiceUid><invoiceMark>400001944472461</invoiceMark><qrUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=x</qrUrl><statusCode>Success</statusCode></response>
        <response><index>2</index><statusCode>ValidationError</statusCode><errors><error><message>Counterpart 's country for this invoice type must be in Europe but not Greece</message><code>243</code></error></errors></response>
      </ResponseDoc>`),
    );
    const results = await client(f).sendInvoices([receipt(), euInvoice()]);
    expect(seen[0]!.url).toBe('https://mydataapidev.aade.gr/SendInvoices');
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.headers).toMatchObject({ 'aade-user-id': 'seller-user', 'ocp-apim-subscription-key': 'sub-key', 'Content-Type': 'application/xml' });
    expect(String(seen[0]!.init.body)).toMatch(/^<\?xml[^>]*><InvoicesDoc xmlns="http:\/\/www.aade.gr\/myDATA\/invoice\/v1.0"/);
    expect(results).toEqual([
      { ok: true, mark: '400001944472461', uid: '5F2A6E1B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F', qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=x' },
      { ok: false, retryable: false, errors: [{ code: '243', message: "Counterpart 's country for this invoice type must be in Europe but not Greece" }] },
    ]);
  });
  it('a TechnicalError, a 5xx, a garbled 200 or no answer can be retried; a 401 and XMLSyntaxError cannot', async () => {
    const technical = await client(fakeFetch(() => xml('<ResponseDoc><response><index>1</index><statusCode>TechnicalError</statusCode><errors><error><message>Unexpected technical error</message><code>206</code></error></errors></response></ResponseDoc>')).f).sendInvoices([receipt()]);
    expect(technical[0]).toMatchObject({ ok: false, retryable: true, errors: [{ code: '206' }] });
    const down = await client(fakeFetch(() => new Response('Service Unavailable', { status: 503 })).f).sendInvoices([receipt()]);
    expect(down[0]).toMatchObject({ ok: false, retryable: true, errors: [{ code: 'http_503' }] });
    const garbled = await client(fakeFetch(() => new Response('<html>gateway</html>', { status: 200 })).f).sendInvoices([receipt()]);
    expect(garbled[0]).toMatchObject({ ok: false, retryable: true, errors: [{ code: 'bad_response' }] });
    const offline = await client(fakeFetch(() => Promise.reject(new TypeError('fetch failed'))).f).sendInvoices([receipt()]);
    expect(offline[0]).toMatchObject({ ok: false, retryable: true, errors: [{ code: 'network' }] });
    const denied = await client(fakeFetch(() => new Response('{"statusCode":401,"message":"Access denied due to invalid subscription key."}', { status: 401 })).f).sendInvoices([receipt()]);
    expect(denied[0]).toMatchObject({ ok: false, retryable: false, errors: [{ code: 'http_401' }] });
    const syntax = await client(fakeFetch(() => xml('<ResponseDoc><response><index>1</index><statusCode>XMLSyntaxError</statusCode><errors><error><message>The element invoiceHeader has invalid child element</message><code>101</code></error></errors></response></ResponseDoc>')).f).sendInvoices([receipt()]);
    expect(syntax[0]).toMatchObject({ ok: false, retryable: false, errors: [{ code: '101' }] });
  });
});

describe('CancelInvoice', () => {
  it('posts the MARK in the query and reads the cancellation MARK or the refusal', async () => {
    const { f, seen } = fakeFetch(() => xml('<ResponseDoc><response><index>1</index><cancellationMark>400001944479999</cancellationMark><statusCode>Success</statusCode></response></ResponseDoc>'));
    expect(await client(f).cancelInvoice('400001944472461')).toEqual({ ok: true, cancellationMark: '400001944479999' });
    expect(seen[0]!.url).toBe('https://mydataapidev.aade.gr/CancelInvoice?mark=400001944472461');
    expect(seen[0]!.init.body).toBeUndefined();
    const refused = await client(fakeFetch(() => xml('<ResponseDoc><response><index>1</index><statusCode>ValidationError</statusCode><errors><error><message>Invoice with MARK 400001944472461 cannot be cancelled because of being already cancelled</message><code>251</code></error></errors></response></ResponseDoc>')).f).cancelInvoice('400001944472461');
    expect(refused).toMatchObject({ ok: false, retryable: false, errors: [{ code: '251' }] });
  });
});

describe('RequestTransmittedDocs', () => {
  it('asks for the one MARK (mark = M-1, maxMark = M) with GET and both headers, and reads its uid, QR link and cancellation', async () => {
    const { f, seen } = fakeFetch(() =>
      xml(`<RequestedDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0"><invoicesDoc>
        <invoice><uid>5F2A6E1B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F</uid><mark>400001944472461</mark><qrCodeUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc</qrCodeUrl><issuer><vatNumber>998877666</vatNumber></issuer></invoice>
      </invoicesDoc></RequestedDoc>`),
    );
    expect(await client(f).transmittedDoc('400001944472461')).toEqual({ ok: true, doc: { mark: '400001944472461', uid: '5F2A6E1B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F', qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc', cancelledByMark: null } });
    expect(seen[0]!.url).toBe('https://mydataapidev.aade.gr/RequestTransmittedDocs?mark=400001944472460&maxMark=400001944472461');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.headers).toMatchObject({ 'aade-user-id': 'seller-user', 'ocp-apim-subscription-key': 'sub-key' });
  });

  it('none of ours under that MARK is null; a 5xx can be retried; a MARK that is not a number is not asked', async () => {
    expect(await client(fakeFetch(() => xml('<RequestedDoc><invoicesDoc/></RequestedDoc>')).f).transmittedDoc('400001944472461')).toEqual({ ok: true, doc: null });
    expect(await client(fakeFetch(() => new Response('down', { status: 503 })).f).transmittedDoc('400001944472461')).toMatchObject({ ok: false, retryable: true });
    const { f, seen } = fakeFetch(() => xml('<RequestedDoc/>'));
    expect(await client(f).transmittedDoc('1 OR 1=1')).toMatchObject({ ok: false, retryable: false });
    expect(seen).toHaveLength(0);
  });
});
