import { describe, expect, it } from 'vitest';
import { panelPasswordSchema } from './hosting-forms';

describe('panel password form', () => {
  it('takes a password by the §5 rule and refuses a weak one, under the field', () => {
    expect(panelPasswordSchema.safeParse({ panel_password: 'Kal0s-Kodikos' }).success).toBe(true);
    for (const weak of ['short1A!', 'alllowercase1!', 'NoDigits!!', 'NoSpecial123', 'Μακρύς-Κωδικός1'.padEnd(65, 'x')]) {
      const r = panelPasswordSchema.safeParse({ panel_password: weak });
      if (weak === 'short1A!') {
        expect(r.success).toBe(true); // exactly 8, every class: the rule's own minimum
        continue;
      }
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['panel_password']);
    }
    expect(panelPasswordSchema.safeParse({ panel_password: '' }).success).toBe(false);
  });
});
