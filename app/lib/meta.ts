import type { MetaDescriptor } from '@remix-run/cloudflare';

/** Page title and description come translated from the loader (meta() cannot use hooks). */
export function pageMeta(data: { meta?: { title: string; description?: string } } | undefined): MetaDescriptor[] {
  if (!data?.meta) return [];
  const out: MetaDescriptor[] = [{ title: data.meta.title }];
  if (data.meta.description) out.push({ name: 'description', content: data.meta.description });
  return out;
}
