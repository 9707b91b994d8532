// The portal's nameserver forms (issue #12 §3), shared by the pages (conform, in the browser) and their
// actions: a domain's delegation (the registrar's default, a group, or a custom list within the
// registry's min/max), a nameserver group, a glue host with its addresses, and the bulk apply. Every
// field rule is one of the *-rules.ts modules; the ASCII comparisons are core/domains/nameservers.ts.
import './zod-jitless';
import { z } from 'zod';
import { ipKey, uniqueKey } from '../domains/nameserver-keys';
import type { Limits } from '../domains/nameservers';
import { encodeMessage, issueMessage, message } from './messages';
import { isBlank } from './rule-kit';
import { optionalText, requiredText } from './required-rules';
import { lengthRange } from './text-rules';
import { uniqueItems } from './matching-rules';
import { ipAddress } from './ip-rules';
import { nameServer, nameServerCount, nameServerCountError } from './nameserver-rules';

export const NAMESERVER_MODES = ['default', 'group', 'custom'] as const;
export type NameserverMode = (typeof NAMESERVER_MODES)[number];

/** A group is not tied to one registry: the widest limits of the ones we sell (a domain's own apply at use). */
export const GROUP_LIMITS: Limits = { min: 2, max: 13 };
/** Rows of glue addresses a host form offers (a host rarely has more than an IPv4 and an IPv6 or two). */
export const HOST_IP_ROWS_MAX = 8;

const nsList = () => z.array(optionalText(nameServer({ scope: 'name_server', idn: true }))).check(uniqueItems({ normalize: uniqueKey }));
const groupId = () => z.coerce.number({ error: issueMessage('REQUIRED') }).int().positive();

/**
 * A domain's delegation. `limits` are the registry's (registry.settings()); null when they could not be
 * read: the registry itself then judges the count.
 */
export function delegationSchema(limits: Limits | null) {
  return z
    .object({
      mode: z.enum(NAMESERVER_MODES, { error: issueMessage('REQUIRED') }),
      group_id: groupId().optional(),
      ns: nsList().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'group' && !v.group_id) ctx.addIssue({ code: 'custom', path: ['group_id'], message: issueMessage('REQUIRED'), input: v.group_id });
      if (v.mode === 'custom' && limits) {
        const m = nameServerCountError(v.ns ?? [], limits);
        if (m) ctx.addIssue({ code: 'custom', path: ['ns'], message: encodeMessage(m), input: v.ns });
      }
    });
}

/** The bulk apply (/account/nameservers/apply): the same choice for every listed name. */
export function applySchema() {
  return z
    .object({
      domain: z.array(z.string()).min(1, { error: issueMessage('REQUIRED') }),
      mode: z.enum(NAMESERVER_MODES, { error: issueMessage('REQUIRED') }),
      group_id: groupId().optional(),
      ns: nsList().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'group' && !v.group_id) ctx.addIssue({ code: 'custom', path: ['group_id'], message: issueMessage('REQUIRED'), input: v.group_id });
      if (v.mode === 'custom' && (v.ns ?? []).every((n) => isBlank(n))) ctx.addIssue({ code: 'custom', path: ['ns'], message: issueMessage('REQUIRED'), input: v.ns });
    });
}

const groupName = () => requiredText(lengthRange(2, 60));

// prefault: a list whose rows were all left empty arrives as no field at all, and must still be counted.
export const groupCreateSchema = z.object({ name: groupName(), ns: nsList().check(nameServerCount(GROUP_LIMITS)).prefault([]) });
export const groupRenameSchema = z.object({ id: groupId(), name: groupName() });
export const groupListSchema = z.object({ id: groupId(), ns: nsList().check(nameServerCount(GROUP_LIMITS)).prefault([]) });
export const groupIdSchema = z.object({ id: groupId() });
export const groupImportSchema = z.object({ name: groupName(), domain: requiredText() });

const ipList = () =>
  z
    .array(optionalText(ipAddress()))
    .max(HOST_IP_ROWS_MAX)
    .check(uniqueItems({ normalize: ipKey }))
    .check(
      z.superRefine<(string | undefined)[]>((values, ctx) => {
        if (values.every((v) => v === undefined || isBlank(v))) ctx.addIssue({ code: 'custom', message: encodeMessage(message('IP.NOT_FOUND')), input: values });
      }),
    )
    .prefault([]);

/** A new glue host of `fqdn` (the page shows '.{fqdn}' after the prefix field). */
export function hostCreateSchema(fqdn: string) {
  return z.object({ prefix: requiredText(nameServer({ scope: 'host', idn: true, fqdn })), ips: ipList() });
}

export const hostUpdateSchema = z.object({ id: groupId(), ips: ipList() });
export const hostDeleteSchema = z.object({ id: groupId() });
