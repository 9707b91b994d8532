// The "item done" messages (issue #33 §1, decision 098): each item of an order carried out, once — a
// name registered or transferred in, a renewal, a hosting service ready, a certificate issued or
// waiting on the customer — and an item that failed and was refunded. They say what the customer now
// holds and link to its page; a hosting message never carries a password (it says where to set one).
import { z } from 'zod';
import type { MailBlock } from '../blocks';
import { defineTemplate, type MailContext } from '../define';

/** A name in ASCII as our URLs spell it (/account/domains/<ascii>). */
const asciiName = z.string().regex(/^[a-z0-9.-]+$/);
const id = z.number().int().positive();
const cents = z.number().int().nonnegative();

const domainDone = z.object({ name: z.string().min(1), asciiName, expiresAt: z.date(), nameservers: z.array(z.string()) });
type DomainDone = z.infer<typeof domainDone>;

function domainBody(kind: 'domain_registered' | 'domain_transferred', p: DomainDone, c: MailContext): MailBlock[] {
  return [
    { kind: 'heading', text: c.t(`mail:${kind}.heading`, { name: p.name }) },
    { kind: 'paragraph', text: c.t(`mail:${kind}.body`, { name: p.name }) },
    {
      kind: 'facts',
      rows: [
        { label: c.t('mail:services.name'), value: p.name },
        { label: c.t('mail:services.expires'), value: c.date(p.expiresAt) },
        { label: c.t('mail:services.nameservers'), value: p.nameservers.length ? p.nameservers.join(', ') : c.t('mail:services.no_nameservers') },
      ],
    },
    { kind: 'paragraph', text: c.t('mail:services.manage_name') },
    { kind: 'button', label: c.t('mail:services.open_name'), href: c.url(`/account/domains/${p.asciiName}`) },
  ];
}

/** How a certificate's name is proved to be the customer's: the step they take, per name. */
const validationStep = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), name: z.string().min(1), approver: z.string().includes('@') }),
  z.object({ method: z.literal('http'), name: z.string().min(1), url: z.string().url(), content: z.string().min(1) }),
  z.object({ method: z.literal('dns'), name: z.string().min(1), type: z.enum(['CNAME', 'TXT']), host: z.string().min(1), value: z.string().min(1) }),
]);

function stepBlocks(step: z.infer<typeof validationStep>, c: MailContext): MailBlock[] {
  switch (step.method) {
    case 'email':
      return [{ kind: 'paragraph', text: c.t('mail:certificate_pending.email', { name: step.name, approver: step.approver }) }];
    case 'http':
      return [
        { kind: 'paragraph', text: c.t('mail:certificate_pending.http', { name: step.name }) },
        { kind: 'code', label: c.t('mail:certificate_pending.http_url'), value: step.url },
        { kind: 'code', label: c.t('mail:certificate_pending.http_content'), value: step.content },
      ];
    case 'dns':
      return [
        { kind: 'paragraph', text: c.t('mail:certificate_pending.dns', { name: step.name, type: step.type }) },
        { kind: 'code', label: c.t('mail:certificate_pending.dns_host'), value: step.host },
        { kind: 'code', label: c.t('mail:certificate_pending.dns_value'), value: step.value },
      ];
  }
}

/** What a refunded line was, in words (the order item's kind and action). */
export const refundedWhat = z.enum(['register', 'transfer', 'renew', 'restore', 'trade', 'hosting', 'ssl', 'id_protect', 'addon']);
export type RefundedWhat = z.infer<typeof refundedWhat>;

type RefundedLine = { what: RefundedWhat; name: string };
const lineLabel = (l: RefundedLine, c: MailContext) => `${c.t(`mail:item_refunded.what.${l.what}`)} ${l.name}`;
/** The item the message is about (its add-ons follow it): by name, and in words ("Registration x.gr"). */
const firstLine = (lines: RefundedLine[], c: MailContext) => ({ name: lines[0]!.name, item: lineLabel(lines[0]!, c) });

export const serviceTemplates = {
  /** A name registered for the customer: its expiry and delegation. */
  domain_registered: defineTemplate({
    category: 'service',
    params: domainDone,
    example: { name: 'καφενείο.gr', asciiName: 'xn--mxahbxey0c.gr', expiresAt: new Date('2027-12-02T10:00:00Z'), nameservers: ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'] },
    subject: (p, c) => c.t('mail:domain_registered.subject', { name: p.name }),
    body: (p, c) => domainBody('domain_registered', p, c),
  }),

  /** A transfer in that the registry completed: the name is now with us. */
  domain_transferred: defineTemplate({
    category: 'service',
    params: domainDone,
    example: { name: 'example-shop.com', asciiName: 'example-shop.com', expiresAt: new Date('2028-03-15T10:00:00Z'), nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'] },
    subject: (p, c) => c.t('mail:domain_transferred.subject', { name: p.name }),
    body: (p, c) => domainBody('domain_transferred', p, c),
  }),

  /** A name or a hosting service renewed (or a name restored from redemption): the new expiry. */
  renewal_done: defineTemplate({
    category: 'service',
    params: z.discriminatedUnion('service', [
      z.object({ service: z.literal('domain'), name: z.string().min(1), expiresAt: z.date(), asciiName, restored: z.boolean().default(false) }),
      z.object({ service: z.literal('hosting'), name: z.string().min(1), expiresAt: z.date(), serviceId: id }),
    ]),
    example: { service: 'domain', name: 'καφενείο.gr', asciiName: 'xn--mxahbxey0c.gr', expiresAt: new Date('2028-12-02T10:00:00Z'), restored: false },
    subject: (p, c) => c.t(p.service === 'domain' && p.restored ? 'mail:renewal_done.subject_restored' : 'mail:renewal_done.subject', { name: p.name }),
    body: (p, c) => {
      const what = p.service === 'hosting' ? 'hosting' : p.restored ? 'restored' : 'domain';
      return [
        { kind: 'heading', text: c.t(`mail:renewal_done.heading_${what}`, { name: p.name }) },
        { kind: 'paragraph', text: c.t(`mail:renewal_done.body_${what}`, { name: p.name, date: c.date(p.expiresAt) }) },
        { kind: 'facts', rows: [{ label: c.t('mail:services.expires'), value: c.date(p.expiresAt) }] },
        p.service === 'hosting'
          ? { kind: 'button', label: c.t('mail:services.open_service'), href: c.url(`/account/hosting/${p.serviceId}`) }
          : { kind: 'button', label: c.t('mail:services.open_name'), href: c.url(`/account/domains/${p.asciiName}`) },
      ];
    },
  }),

  /**
   * A hosting account made at the panel: where to sign in and as whom, and where to set the password.
   * Never the password: a paid plan's is set on the service's page, a free hosting's is shown on the
   * name's hosting page (it was handed over once there), not in an e-mail anyone may forward.
   */
  hosting_ready: defineTemplate({
    category: 'service',
    params: z.object({
      name: z.string().min(1),
      plan: z.string().min(1),
      panelUrl: z.string().url(),
      username: z.string().min(1),
      server: z.string(),
      /** A server still being built: the panel login exists, the machine is minutes away. */
      building: z.boolean().default(false),
      place: z.discriminatedUnion('kind', [z.object({ kind: z.literal('paid'), serviceId: id }), z.object({ kind: z.literal('free'), asciiName })]),
    }),
    example: { name: 'καφενείο.gr', plan: 'Shared Linux Start', panelUrl: 'https://panel.registrar.example.gr:8443', username: 'kafeneio', server: 'web3.registrar.example.gr', building: false, place: { kind: 'paid', serviceId: 42 } },
    subject: (p, c) => c.t(p.place.kind === 'free' ? 'mail:hosting_ready.subject_free' : 'mail:hosting_ready.subject', { name: p.name }),
    body: (p, c) => {
      const free = p.place.kind === 'free';
      const page = p.place.kind === 'free' ? `/account/domains/${p.place.asciiName}/hosting` : `/account/hosting/${p.place.serviceId}`;
      return [
        { kind: 'heading', text: c.t(free ? 'mail:hosting_ready.heading_free' : 'mail:hosting_ready.heading', { name: p.name }) },
        { kind: 'paragraph', text: c.t(free ? 'mail:hosting_ready.body_free' : 'mail:hosting_ready.body', { name: p.name, plan: p.plan }) },
        ...(p.building ? [{ kind: 'note', text: c.t('mail:hosting_ready.building') } as const] : []),
        {
          kind: 'facts',
          rows: [
            { label: c.t('mail:hosting_ready.panel'), value: p.panelUrl },
            { label: c.t('mail:hosting_ready.username'), value: p.username },
            ...(p.server ? [{ label: c.t('mail:hosting_ready.server'), value: p.server }] : []),
          ],
        },
        { kind: 'paragraph', text: c.t(free ? 'mail:hosting_ready.password_free' : 'mail:hosting_ready.password') },
        { kind: 'note', text: c.t('mail:hosting_ready.never_by_mail') },
        { kind: 'button', label: c.t(free ? 'mail:hosting_ready.open_free' : 'mail:hosting_ready.open'), href: c.url(page) },
      ];
    },
  }),

  /** A certificate enrolled and waiting for the customer to prove the names are theirs: the step per name. */
  certificate_pending: defineTemplate({
    category: 'service',
    params: z.object({ commonName: z.string().min(1), steps: z.array(validationStep).min(1), path: z.string().startsWith('/') }),
    example: {
      commonName: 'καφενείο.gr',
      steps: [
        { method: 'email', name: 'καφενείο.gr', approver: 'admin@xn--mxahbxey0c.gr' },
        { method: 'dns', name: 'www.καφενείο.gr', type: 'CNAME', host: '_3f1a2b.www.xn--mxahbxey0c.gr', value: '9c0d.4e7f.sandbox-ca.example' },
      ],
      path: '/orders/1207',
    },
    subject: (p, c) => c.t('mail:certificate_pending.subject', { name: p.commonName }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:certificate_pending.heading', { name: p.commonName }) },
      { kind: 'paragraph', text: c.t('mail:certificate_pending.body', { count: p.steps.length }) },
      ...p.steps.flatMap((s) => stepBlocks(s, c)),
      { kind: 'note', text: c.t('mail:certificate_pending.after') },
      { kind: 'button', label: c.t('mail:certificate_pending.open'), href: c.url(p.path) },
    ],
  }),

  /** A certificate the CA issued: its names and validity, how to get it and put it on the server. */
  certificate_issued: defineTemplate({
    category: 'service',
    params: z.object({ commonName: z.string().min(1), sans: z.array(z.string()), expiresAt: z.date().nullable(), installation: z.boolean().default(false), path: z.string().startsWith('/') }),
    example: { commonName: 'καφενείο.gr', sans: ['www.καφενείο.gr'], expiresAt: new Date('2027-12-02T10:00:00Z'), installation: false, path: '/orders/1207' },
    subject: (p, c) => c.t('mail:certificate_issued.subject', { name: p.commonName }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:certificate_issued.heading', { name: p.commonName }) },
      { kind: 'paragraph', text: c.t('mail:certificate_issued.body', { name: p.commonName }) },
      {
        kind: 'facts',
        rows: [
          { label: c.t('mail:certificate_issued.names'), value: [p.commonName, ...p.sans].join(', ') },
          ...(p.expiresAt ? [{ label: c.t('mail:certificate_issued.valid_until'), value: c.date(p.expiresAt) }] : []),
        ],
      },
      { kind: 'paragraph', text: c.t(p.installation ? 'mail:certificate_issued.we_install' : 'mail:certificate_issued.how_install') },
      { kind: 'button', label: c.t('mail:certificate_issued.open'), href: c.url(p.path) },
    ],
  }),

  /**
   * An item no retry could carry out (or a transfer the holder refused), and its money given back:
   * how (to the card, as credit) and how much, line by line.
   */
  item_refunded: defineTemplate({
    category: 'order',
    params: z.object({
      orderId: id,
      reason: z.enum(['failed', 'transfer_rejected']),
      lines: z.array(z.object({ what: refundedWhat, name: z.string().min(1), cents })).min(1),
      cardCents: cents,
      creditCents: cents,
    }),
    example: { orderId: 1207, reason: 'failed', lines: [{ what: 'register', name: 'καφενείο.gr', cents: 1488 }, { what: 'id_protect', name: 'καφενείο.gr', cents: 620 }], cardCents: 0, creditCents: 2108 },
    subject: (p, c) => c.t(`mail:item_refunded.subject_${p.reason}`, { ...firstLine(p.lines, c), amount: c.money(p.cardCents + p.creditCents) }),
    body: (p, c) => [
      { kind: 'heading', text: c.t(`mail:item_refunded.heading_${p.reason}`, firstLine(p.lines, c)) },
      { kind: 'paragraph', text: c.t(`mail:item_refunded.body_${p.reason}`, { ...firstLine(p.lines, c), order: p.orderId }) },
      {
        kind: 'table',
        columns: [{ label: c.t('mail:item_refunded.line') }, { label: c.t('mail:item_refunded.amount'), align: 'right' }],
        rows: p.lines.map((l) => [lineLabel(l, c), c.money(l.cents)]),
        totals: [
          ...(p.cardCents > 0 ? [{ label: c.t('mail:item_refunded.to_card'), value: c.money(p.cardCents) }] : []),
          ...(p.creditCents > 0 ? [{ label: c.t('mail:item_refunded.to_credit'), value: c.money(p.creditCents) }] : []),
          { label: c.t('mail:item_refunded.total'), value: c.money(p.cardCents + p.creditCents), strong: true },
        ],
      },
      ...(p.cardCents > 0 ? [{ kind: 'paragraph', text: c.t('mail:item_refunded.card_note', { amount: c.money(p.cardCents) }) } as const] : []),
      ...(p.creditCents > 0 ? [{ kind: 'paragraph', text: c.t('mail:item_refunded.credit_note', { amount: c.money(p.creditCents) }) } as const] : []),
      ...(p.reason === 'transfer_rejected' ? [{ kind: 'note', text: c.t('mail:item_refunded.again_transfer_rejected') } as const] : []),
      { kind: 'button', label: c.t('mail:item_refunded.open'), href: c.url(`/orders/${p.orderId}`) },
    ],
  }),
};
