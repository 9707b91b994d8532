import { describe, expect, it } from 'vitest';
import { individualNameMismatch, latinNameMatches, nameKey, transliterate } from './names';

describe('transliterate / nameKey', () => {
  it('writes Greek in Latin letters without accents', () => {
    expect(transliterate('Παπαδοπούλου')).toBe('papadopulu');
    expect(transliterate('Μαρία')).toBe('maria');
  });
  it('folds the usual spellings of the same sound together', () => {
    expect(nameKey('Papadopoulou')).toBe(nameKey('Παπαδοπούλου'));
    expect(nameKey('Philippos')).toBe(nameKey('Φίλιππος'));
    expect(nameKey('Christos')).toBe(nameKey('Χρήστος'));
  });
});

describe('latinNameMatches (7530)', () => {
  it.each([
    ['Μαρία', 'Maria'],
    ['Παπαδοπούλου', 'PAPADOPOULOU'],
    ['Γιώργος', 'Giorgos'],
    ['Γιώργος', 'Yiorgos'],
    ['Νίκος', 'Nikos'],
    ['Κωνσταντίνος', 'Konstantinos'],
    ['Ευάγγελος', 'Evangelos'],
    ['Smith', 'Smith'],
  ])('%s ↔ %s corresponds', (native, latin) => {
    expect(latinNameMatches(native, latin)).toBe(true);
  });
  it.each([
    ['Μαρία', 'John'],
    ['Παπαδοπούλου', 'Georgiou'],
    ['Γιώργος', 'George'],
    ['Smith', 'Jones'],
  ])('%s ↔ %s does not', (native, latin) => {
    expect(latinNameMatches(native, latin)).toBe(false);
  });
  it('names the mismatching Latin fields only, and a blank one is no mismatch', () => {
    expect(individualNameMismatch({ firstName: 'Μαρία', lastName: 'Παπαδοπούλου', firstNameInt: 'Maria', lastNameInt: 'Georgiou' })).toEqual(['last_name_int_ind']);
    expect(individualNameMismatch({ firstName: 'Μαρία', lastName: 'Παπαδοπούλου', firstNameInt: 'Eleni', lastNameInt: null })).toEqual(['first_name_int_ind']);
    expect(individualNameMismatch({ firstName: 'Μαρία', lastName: 'Παπαδοπούλου', firstNameInt: '', lastNameInt: null })).toEqual([]);
  });
});
