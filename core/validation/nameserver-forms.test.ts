// The nameserver forms as conform parses a posted form (empty rows become undefined) in page and action.
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decodeMessage } from './messages';
import { applySchema, delegationSchema, groupCreateSchema, hostCreateSchema, hostUpdateSchema } from './nameserver-forms';

function parse(schema: z.ZodType, entries: [string, string][]) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  const s = parseWithZod(data, { schema });
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(s.status === 'success' ? {} : (s.error ?? {}))) errors[name] = (messages ?? []).map((m) => decodeMessage(m).key);
  return { status: s.status, value: s.status === 'success' ? (s.value as Record<string, unknown>) : null, errors };
}

describe('delegationSchema', () => {
  const limits = { min: 2, max: 3 };
  it('accepts the default and a group without a list', () => {
    expect(parse(delegationSchema(limits), [['mode', 'default']]).status).toBe('success');
    expect(parse(delegationSchema(limits), [['mode', 'group'], ['group_id', '4']]).value).toMatchObject({ mode: 'group', group_id: 4 });
    expect(parse(delegationSchema(limits), [['mode', 'group']]).errors).toEqual({ group_id: ['validation:required'] });
  });

  it('puts syntax and UNIQUE errors on their row, the count on the list', () => {
    const r = parse(delegationSchema(limits), [['mode', 'custom'], ['ns[0]', 'ns1.example.net'], ['ns[1]', 'ns_1.example.net'], ['ns[2]', 'NS1.example.net']]);
    expect(r.errors).toEqual({ 'ns[1]': ['validation:name_servers_invalid_chars'], 'ns[2]': ['validation:unique'] });
    expect(parse(delegationSchema(limits), [['mode', 'custom'], ['ns[0]', 'ns1.example.net'], ['ns[1]', '']]).errors).toEqual({ ns: ['errors:nameserver_do_not_cover_lower_limit'] });
    expect(parse(delegationSchema(limits), [['mode', 'custom'], ['ns[0]', 'ns1.καφενείο.gr'], ['ns[1]', 'ns2.καφενείο.gr']]).status).toBe('success');
  });
});

describe('groups, hosts and apply', () => {
  it('needs a name and two nameservers for a group', () => {
    expect(parse(groupCreateSchema, [['name', 'Cloud'], ['ns[0]', '']]).errors).toEqual({ ns: ['errors:nameserver_do_not_cover_lower_limit'] });
    expect(parse(groupCreateSchema, [['name', 'Cloud'], ['ns[0]', 'a.example.net'], ['ns[1]', 'b.example.net']]).status).toBe('success');
  });

  it('checks a host prefix and its addresses, and needs one address', () => {
    const schema = hostCreateSchema('kafeneio.gr');
    expect(parse(schema, [['prefix', 'ns1'], ['ips[0]', '192.0.2.1'], ['ips[1]', '2001:db8::1']]).status).toBe('success');
    expect(parse(schema, [['prefix', 'a.b'], ['ips[0]', '']]).errors).toEqual({ prefix: ['validation:name_servers_invalid_syntax'], ips: ['validation:ip_not_found'] });
    expect(parse(hostUpdateSchema, [['id', '3'], ['ips[0]', '192.0.2.300'], ['ips[1]', '2001:DB8::1'], ['ips[2]', '2001:db8:0::1']]).errors).toEqual({
      'ips[0]': ['validation:ip_invalid_syntax'],
      'ips[2]': ['validation:unique'],
    });
  });

  it('applies to a list of names', () => {
    expect(parse(applySchema(), [['domain', 'a.gr'], ['domain', 'b.com'], ['mode', 'default']]).value).toMatchObject({ domain: ['a.gr', 'b.com'] });
    expect(parse(applySchema(), [['domain', 'a.gr'], ['mode', 'custom']]).errors).toEqual({ ns: ['validation:required'] });
  });
});
