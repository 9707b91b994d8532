// Resource routes (downloads) answer a refusal with its catalogue code as JSON and the right status:
// Remix turns a `data()` thrown from a resource route into "Unexpected Server Error", so the guards the
// pages share (requireUser, loadOwnDocument) are run through this. A thrown Response (the login
// redirect) passes as it is; anything else is a real failure and stays one.
export async function resourceGuard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e && typeof e === "object" && "data" in e && "init" in e) {
      const init = (e as { init?: ResponseInit | null }).init ?? {};
      throw Response.json((e as { data: unknown }).data, {
        status: init.status ?? 500,
        headers: { "Cache-Control": "private, no-store" },
      });
    }
    throw e;
  }
}
