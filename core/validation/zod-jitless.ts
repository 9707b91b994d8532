// Zod 4 probes `new Function('')` when it builds its first object schema, to decide whether it may
// compile parsers. Our Content-Security-Policy forbids eval, so in the browser the probe is a CSP
// violation that Chromium reports as an issue (Lighthouse best practices, decision 029). Parsing
// without compiled parsers is what zod does in workerd anyway.
// Imported first by every module that builds schemas at load (rule-kit.ts, which every rules module
// and so every form schema imports, and app/lib/forms.tsx): a schema reads this setting when it is
// built. Not from root.tsx:
// that would put zod on every page's critical path.
import { config } from 'zod';

config({ jitless: true });
