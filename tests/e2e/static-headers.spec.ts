// Issue #19 §4: the static assets (served by the Workers assets binding before the Worker runs, so
// without the Worker's security headers) came without X-Content-Type-Options and frame headers.
// Measured against the real server (wrangler dev), where the assets binding answers as deployed.
import { expect, test } from './fixtures';

test('static assets carry nosniff and may not be framed', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
  const style = /href="(\/assets\/[^"]+\.css)"/.exec(html);
  const paths = ['/favicon.svg', script?.[1] ?? script?.[2], style?.[1]];
  for (const path of paths) {
    expect(path, 'an asset path on the home page').toBeTruthy();
    const res = await request.get(path!);
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['content-security-policy'] ?? '', path).toContain("frame-ancestors 'none'");
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  // The rules file itself is not served.
  expect((await request.get('/_headers')).status()).not.toBe(200);
});
