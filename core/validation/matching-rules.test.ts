import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { optionalText } from './required-rules';
import { confirmationError, confirmed, duplicateIndexes, uniqueFields, uniqueItems } from './matching-rules';
import { errors, key } from './test-kit';

describe('confirmation', () => {
  const s = confirmed(z.object({ password: optionalText(), password_confirm: optionalText() }), { field: 'password', confirm: 'password_confirm' });

  it('must equal the original when the original is filled', () => {
    expect(errors(s, { password: 'secret', password_confirm: 'secret' })).toEqual([]);
    expect(errors(s, { password: 'secret', password_confirm: 'Secret' })).toEqual([{ path: 'password_confirm', key: MESSAGES.NOTCONFIRMED }]);
    expect(errors(s, { password: 'secret' })).toEqual([{ path: 'password_confirm', key: MESSAGES.NOTCONFIRMED }]);
    expect(errors(s, { password_confirm: 'whatever' })).toEqual([]);
    expect(confirmationError('', 'x')).toBeNull();
  });
});

describe('unique', () => {
  it('marks each repeat, ignoring blanks, case and surrounding spaces', () => {
    expect(duplicateIndexes(['ns1.a.gr', 'ns2.a.gr', 'NS1.a.gr ', '', '', 'ns2.a.gr'])).toEqual([2, 5]);
    expect(duplicateIndexes(['a', 'A'], { normalize: (v) => v })).toEqual([]);
    const s = uniqueFields(z.object({ a: optionalText(), b: optionalText(), c: optionalText() }), ['a', 'b', 'c']);
    expect(errors(s, { a: 'x', b: 'y', c: 'x' })).toEqual([{ path: 'c', key: MESSAGES.UNIQUE }]);
    expect(errors(s, { a: 'x', b: 'y', c: 'z' })).toEqual([]);
    expect(errors(s, { a: '', b: '', c: 'z' })).toEqual([]);
  });

  it('works on an array field, pointing at the index', () => {
    const s = z.array(z.string()).check(uniqueItems());
    expect(errors(s, ['ns1.a.gr', 'ns1.a.gr'])).toEqual([{ path: '1', key: MESSAGES.UNIQUE }]);
    expect(errors(s, ['ns1.a.gr', 'ns2.a.gr'])).toEqual([]);
  });
});
