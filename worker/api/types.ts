import type { RequestContext } from '../context';

export type ApiEnv = { Bindings: Env; Variables: { ctx: RequestContext; body: Record<string, unknown> } };
