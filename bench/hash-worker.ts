// A bare Worker around the password hasher, so the bench can measure its CPU time in workerd
// without the rest of the app in the measurement.
import { hashPassword, verifyPassword } from '../worker/security/password-hash';

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const n = Math.min(200, Number(url.searchParams.get('n') ?? 1));
    const op = url.searchParams.get('op');
    const stored = await hashPassword('warm-up: κωδικός πρόσβασης');
    for (let i = 0; i < n; i++) {
      if (op === 'verify') await verifyPassword('warm-up: κωδικός πρόσβασης', stored);
      else await hashPassword(`Σωστό άλογο μπαταρία ${i}`);
    }
    return new Response('ok');
  },
} satisfies ExportedHandler;
