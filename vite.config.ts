import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { visualizer } from 'rollup-plugin-visualizer';

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true;
  }
}

// A bundled package's licence notice (`/*! … */`, `/** @license … */`) once per build in
// assets/third-party-licenses.txt instead of inside every chunk: the browser's bundle stays a
// copy with its notices, and the home page downloads about 1 KB less (decision 057).
const LEGAL_COMMENT = /\/\*(?:!|\*(?=(?:[^*]|\*(?!\/))*?@(?:license|preserve)))(?:[^*]|\*(?!\/))*\*\/\n?/g;
function licencesOnce(): Plugin {
  return {
    name: 'licences-once',
    apply: 'build',
    generateBundle(_options, bundle) {
      const notices = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = file.code.replace(LEGAL_COMMENT, (comment) => {
          notices.add(comment.trim());
          return '';
        });
      }
      if (notices.size) this.emitFile({ type: 'asset', fileName: 'assets/third-party-licenses.txt', source: [...notices].join('\n\n') + '\n' });
    },
  };
}

// The app's own modules that the root route imports statically (the header, footer, dialogs, the
// money and i18n helpers, ...) load on every page, since every page loads the root route. Left to
// itself, rollup cut them into about twenty small chunks, one per set of routes sharing them; each
// costs a request and gzips worse alone (5 KB of the home page's 119). One 'shell' chunk holds them.
// A module that something imports dynamically is a part loaded when wanted (deferred-part.ts): it
// and what only it imports stay out (in a chunk named after it), even where a server-only static
// import also reaches it.
const ROOT_ROUTE = fileURLToPath(new URL('./app/root.tsx', import.meta.url));
type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
function shellChunk(id: string, meta: { getModuleInfo: (id: string) => ModuleInfo }): string | undefined {
  if (id.includes('node_modules') || id.startsWith('\0')) return undefined;
  // A dependency of a manual chunk is pulled into it unless it has a manual chunk of its own, so a
  // deferred part is named too, or it would join the shell through its server-only static import.
  if (meta.getModuleInfo(id)?.dynamicImporters.length) return `part-${id.split('?')[0]!.split('/').slice(-2).join('-').replace(/\.[^.]*$/, '')}`;
  return reachableFromRoot(id, meta.getModuleInfo, new Set()) ? 'shell' : undefined;
}
function reachableFromRoot(id: string, info: (id: string) => ModuleInfo, seen: Set<string>): boolean {
  if (id.split('?')[0] === ROOT_ROUTE) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const module = info(id);
  if (!module || module.dynamicImporters.length > 0) return false;
  return module.importers.some((importer) => reachableFromRoot(importer, info, seen));
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // `npm run dev` only: D1 and vars through wrangler's platform proxy (the Durable Objects of the
    // same worker are not served there; `npm start` runs the real worker, see docs/decisions/003).
    command === 'serve' ? remixCloudflareDevProxy() : null,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    command === 'build' && !isSsrBuild ? licencesOnce() : null,
    // `bench/bundle.mjs`: BUNDLE_STATS=<file> writes each client chunk's modules with their gzipped
    // sizes (rollup-plugin-visualizer's raw data) so the bench can say where the home page's bytes go.
    process.env.BUNDLE_STATS && command === 'build' && !isSsrBuild
      ? visualizer({ filename: process.env.BUNDLE_STATS, template: 'raw-data', gzipSize: true })
      : null,
  ],
  ssr: {
    // The server bundle runs in workerd: resolve worker/browser builds, bundle every dependency.
    target: 'webworker',
    noExternal: true,
    resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] },
  },
  resolve: {
    mainFields: ['browser', 'module', 'main'],
    // The part of react-i18next this app uses, a tenth of its size (app/lib/react-i18n-lite.tsx).
    alias: { 'react-i18next': fileURLToPath(new URL('./app/lib/react-i18n-lite.tsx', import.meta.url)) },
  },
  // Evergreen browsers only (decision 007; Tailwind 4 needs these versions anyway): no syntax
  // lowered for older ones, half a KB less at home (decision 057).
  build: {
    minify: true,
    sourcemap: false,
    target: isSsrBuild ? undefined : ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: shellChunk } },
  },
  // The server bundle keeps its identifiers: wrangler's esbuild bundles it again, and with the
  // minifier's short names it renamed a nested variable onto a hoisted top-level one (fontkit's path
  // commands: 'var t5 = t5[y2]'), so the Worker failed at start for some builds and not others.
  esbuild: isSsrBuild ? { minifyIdentifiers: false } : undefined,
  server: { watch: { ignored: ['**/.wrangler/**', '**/test-results/**'] } },
}));
