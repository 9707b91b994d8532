// Zod 4 probes `new Function('')` the first time it builds an object schema, to decide whether it may
// compile parsers. Our Content-Security-Policy forbids eval, so in the browser the probe is a CSP
// violation that Chromium reports as an issue (Lighthouse best practices, decision 029). Parsing
// without compiled parsers is what zod does here anyway (and always in workerd).
// Imported first by app/root.tsx: route modules evaluate before entry.client, and schemas read this
// setting when they are built.
import { config } from 'zod';

config({ jitless: true });
