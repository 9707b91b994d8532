// A bare Worker around the legal-document PDF layout (issue #13 §5), so the bench times one render of
// a 20-line invoice in workerd without the rest of the app: each request renders once and answers the
// bytes. The invoice carries a MARK and its QR code (the heaviest case: a transmitted document).
import { DEMO_SELLER } from '../core/config';
// The inner file, not the documents area's index: the bench bundles only the layout it measures.
import { renderLegalPdf } from '../worker/services/documents/legal-pdf';

const LINES = Array.from({ length: 20 }, (_, i) => ({
  position: i + 1,
  description: `Καταχώριση ονόματος παράδειγμα-${i + 1}.gr — ${1 + (i % 3)} έτη`,
  quantity: 1,
  netCents: 1290 + i * 10,
  vatRateBp: 2400,
  vatCents: Math.round((1290 + i * 10) * 0.24),
  totalCents: 1290 + i * 10 + Math.round((1290 + i * 10) * 0.24),
}));

export default {
  async fetch(): Promise<Response> {
    const net = LINES.reduce((a, l) => a + l.netCents, 0);
    const vat = LINES.reduce((a, l) => a + l.vatCents, 0);
    const bytes = await renderLegalPdf({
      kind: 'invoice',
      series: 'INV',
      number: 12,
      issuedAt: new Date('2026-11-24T10:00:00Z'),
      seller: DEMO_SELLER,
      buyer: { type: 'INV', name: 'Ελληνική Εταιρεία Α.Ε.', vatNumber: '094014201', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', address: 'Πανεπιστημίου 1', city: 'Αθήνα', postcode: '10564', country: 'GR' },
      lines: LINES,
      netCents: net,
      vatCents: vat,
      totalCents: net + vat,
      mydata: { mark: '400001234567890', uid: 'A1B2C3D4E5F6', qrUrl: 'https://mydataapi.aade.gr/TimologioQR/QRInfo?q=400001234567890' },
    });
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': 'application/pdf' } });
  },
};
