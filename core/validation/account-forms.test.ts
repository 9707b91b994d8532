import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  birthDateToWire, loginApprovalSchema, loginSchema, mobileError, normalizeMobile, passwordChangeSchema, profileSchema, registerStep1Schema, registerStep2Schema, resetQuestionSchema, resetSmsCodeSchema,
  stepOfField,
} from './account-forms';
import { decodeMessage } from './messages';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]['schema'], entries: Record<string, string>): Record<string, string[]> {
  const submission = parseWithZod(form(entries), { schema });
  if (submission.status === 'success') return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, (v ?? []).map((m) => decodeMessage(m).key)]));
}

const STEP1 = { email: 'maria@example.gr', password: 'Kalimera-42!x', password_confirmation: 'Kalimera-42!x', first_name: 'Μαρία', last_name: "O'Brien-Παπά" };
const STEP2 = {
  ...STEP1,
  country: 'GR',
  state_id: 'Αττική',
  city: 'Αθήνα',
  address: 'Πανεπιστημίου 1',
  postcode: '10671',
  otp_channel: 'email',
  gdpr_processing: 'on',
  gdpr_validity: 'on',
  terms: 'on',
};

describe('birth date (spec §5 Security-question reset)', () => {
  it('is typed dd/mm/yyyy and sent yyyy/mm/dd', () => {
    expect(birthDateToWire('14/03/1985')).toBe('1985/03/14');
    expect(birthDateToWire('5/1/1990')).toBe('1990/01/05');
  });
  it('refuses impossible, future and other-format dates', () => {
    expect(birthDateToWire('31/02/1990')).toBeNull();
    expect(birthDateToWire('29/02/2023')).toBeNull();
    expect(birthDateToWire('29/02/2024')).toBe('2024/02/29');
    expect(birthDateToWire('1985-03-14')).toBeNull();
    expect(birthDateToWire('01/01/2999', new Date('2026-11-21'))).toBeNull();
    expect(birthDateToWire('01/01/1850')).toBeNull();
  });
});

describe('mobile numbers', () => {
  it('accept the international form as people type it', () => {
    expect(normalizeMobile('+30 691 234 5678')).toBe('+306912345678');
    expect(normalizeMobile('0030-6912345678')).toBe('+306912345678');
    expect(mobileError('+30 691 234 5678')).toBeNull();
  });
  it('refuse a number without the country code', () => {
    expect(mobileError('6912345678')?.key).toBe('validation:mobile');
  });
});

describe('login form', () => {
  it('trims the e-mail and needs both fields', () => {
    expect(errors(loginSchema, { email: ' demo@example.gr ', password: 'x' })).toEqual({});
    expect(errors(loginSchema, { email: '', password: '' })).toEqual({ email: ['validation:required'], password: ['validation:required'] });
  });
  it('the GDPR approval at login asks for both boxes with the login agreement message', () => {
    const label = ['validation:gdpr_accept_all_above_label_error'];
    expect(errors(loginApprovalSchema, { pending: 't' })).toEqual({ gdpr_processing: label, gdpr_validity: label });
    expect(errors(loginApprovalSchema, { pending: 't', gdpr_processing: 'on' })).toEqual({ gdpr_validity: label });
    expect(errors(loginApprovalSchema, { pending: 't', gdpr_processing: 'on', gdpr_validity: 'on' })).toEqual({});
  });
});

describe('registration', () => {
  it('step 1 accepts Greek and Latin names with apostrophes and hyphens', () => {
    expect(errors(registerStep1Schema, STEP1)).toEqual({});
  });
  it('step 1 refuses a weak password, a different confirmation and a name with digits', () => {
    const e = errors(registerStep1Schema, { ...STEP1, password: 'abcdefgh', password_confirmation: 'abcdefgx', first_name: 'M4ria' });
    expect(e.password).toEqual(['validation:password_strength']);
    expect(e.password_confirmation).toEqual(['validation:notconfirmed']);
    expect(e.first_name).toEqual(['validation:illegal_chars']);
  });
  it('step 2 needs the region for GR, the mobile for SMS codes, and both GDPR approvals and the terms', () => {
    expect(errors(registerStep2Schema, STEP2)).toEqual({});
    const e = errors(registerStep2Schema, { ...STEP2, state_id: '', otp_channel: 'sms', gdpr_validity: '', terms: '' });
    expect(Object.keys(e).sort()).toEqual(['gdpr_validity', 'mobile', 'state_id', 'terms']);
    expect(e.terms).toEqual(['validation:terms']);
    // Another country needs no region.
    expect(errors(registerStep2Schema, { ...STEP2, country: 'DE', state_id: '' })).toEqual({});
  });
  it('step 2 checks the step-1 fields again, and those errors belong to step 1', () => {
    const e = errors(registerStep2Schema, { ...STEP2, email: 'not-an-email' });
    expect(e.email).toEqual(['validation:email']);
    expect(stepOfField('email')).toBe(1);
    expect(stepOfField('city')).toBe(2);
  });
  it('a security question needs its answer and the birth date', () => {
    const e = errors(registerStep2Schema, { ...STEP2, security_question: 'first_pet' });
    expect(Object.keys(e).sort()).toEqual(['birth_date', 'security_answer']);
    expect(errors(registerStep2Schema, { ...STEP2, security_question: 'made_up' }).security_question).toEqual(['validation:required']);
  });
});

describe('reset and password change', () => {
  it('the security-question step needs a real birth date', () => {
    expect(errors(resetQuestionSchema, { token: 't', answer: 'Ρεξ', birth_date: '31/04/1990' }).birth_date).toEqual(['validation:birth_date']);
  });
  it('after the e-mail every step carries the recovery token, never just the address (decision 023)', () => {
    expect(Object.keys(errors(resetQuestionSchema, { email: 'a@b.gr', answer: 'Ρεξ', birth_date: '05/11/1990' }))).toEqual(['token']);
    expect(Object.keys(errors(resetSmsCodeSchema, { email: 'a@b.gr', code: '123456' }))).toEqual(['token']);
    expect(errors(resetSmsCodeSchema, { token: 't', code: '123456' })).toEqual({});
  });
  it('the personal details take the current password as an optional field (the service asks for it when the mobile changes)', () => {
    const details = { first_name: 'Μαρία', last_name: 'Παπά', country: 'GR', state_id: 'Αττική', city: 'Αθήνα', address: 'Πανεπιστημίου 1', postcode: '10671' };
    expect(errors(profileSchema, details)).toEqual({});
    const parsed = parseWithZod(form({ ...details, current_password: 'secret' }), { schema: profileSchema });
    expect(parsed.status === 'success' && parsed.value.current_password).toBe('secret');
  });
  it('a new password must be confirmed', () => {
    expect(errors(passwordChangeSchema, { current_password: 'x', password: 'Kalimera-42!x', password_confirmation: 'nope' }).password_confirmation).toEqual(['validation:notconfirmed']);
  });
});
