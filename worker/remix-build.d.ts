// The Remix server build is produced by `remix vite:build` into build/server; wrangler.toml and the
// test config alias it as 'virtual:remix-build' so the worker can import it with a type.
declare module 'virtual:remix-build' {
  import type { ServerBuild } from '@remix-run/cloudflare';
  const build: ServerBuild;
  export = build;
}
