import { describe, expect, it } from 'vitest';
import { auditRowFor, transferRowFor, withoutAddresses } from './archive-rows';

describe('withoutAddresses', () => {
  const clean = withoutAddresses(['Old@Example.gr', 'not-an-address']);

  it('removes the address at any depth and inside free text, whatever its case', () => {
    const at = new Date(0);
    expect(clean({ email: 'old@example.gr', detail: { reason: 'OLD@example.gr asked.', list: ['x old@example.gr y'] }, at, n: 3 })).toEqual({
      email: '[…]',
      detail: { reason: '[…] asked.', list: ['x […] y'] },
      at,
      n: 3,
    });
  });

  it('leaves a longer address that merely contains it, and everything when there is nothing to remove', () => {
    expect(clean('bold@example.gr, old@example.gr.cy, old@example.gr')).toBe('bold@example.gr, old@example.gr.cy, […]');
    expect(withoutAddresses([])('old@example.gr')).toBe('old@example.gr');
  });
});

describe('auditRowFor', () => {
  const move = { id: 1, actorUserId: 9, ip: '198.51.100.1', action: 'domain.move', targetType: 'domain', targetId: '5', detail: { fqdn: 'a.gr', reason: 'note', before: { userId: 1, email: 'a@x.gr' }, after: { userId: 2, email: 'b@x.gr' } } };

  it('drops the staff member’s IP and account, keeping that staff acted', () => {
    const row = auditRowFor({ ...move, action: 'domain.lock', detail: { fqdn: 'a.gr' } }, 1);
    expect(row).toEqual({ id: 1, action: 'domain.lock', targetType: 'domain', targetId: '5', byStaff: true, detail: { fqdn: 'a.gr' } });
    expect(auditRowFor({ ...move, actorUserId: null, action: 'x', detail: {} }, 1)).toMatchObject({ byStaff: false });
  });

  it('gives each side of a move only its own: the old holder the note, the new one neither the note nor the old holder', () => {
    expect(auditRowFor(move, 1).detail).toEqual({ fqdn: 'a.gr', reason: 'note', before: { userId: 1, email: 'a@x.gr' } });
    expect(auditRowFor(move, 2).detail).toEqual({ fqdn: 'a.gr', after: { userId: 2, email: 'b@x.gr' } });
    expect(auditRowFor(move, 3).detail).toEqual({ fqdn: 'a.gr' });
  });
});

describe('transferRowFor', () => {
  const offer = { id: 7, fqdn: 'a.gr', fromUserId: 1, toEmail: 'b@x.gr', toUserId: 2, status: 'completed' };

  it('the sender’s copy has no recipient, the recipient’s no sender', () => {
    expect(transferRowFor(offer, 1)).toEqual({ id: 7, fqdn: 'a.gr', fromUserId: 1, status: 'completed', direction: 'sent' });
    expect(transferRowFor(offer, 2)).toEqual({ id: 7, fqdn: 'a.gr', toEmail: 'b@x.gr', toUserId: 2, status: 'completed', direction: 'received' });
  });
});
