import { describe, expect, it } from 'vitest';
import { mergePreferences } from './preferences';

describe('merging the browser’s choices into the account at sign-in', () => {
  it('keeps the account’s values and fills its gaps from the browser', () => {
    expect(mergePreferences({ agent: 'kakobuy', currency: null }, { agent: 'cnfans', currency: 'EUR' })).toEqual({
      merged: { agent: 'kakobuy', currency: 'EUR' },
      toAccount: { currency: 'EUR' },
    });
  });
  it('sends nothing when the browser has nothing the account lacks', () => {
    expect(mergePreferences({ agent: null, currency: 'GBP' }, { agent: null, currency: 'EUR' })).toEqual({
      merged: { agent: null, currency: 'GBP' },
      toAccount: {},
    });
    expect(mergePreferences({ agent: null, currency: null }, { agent: null, currency: null }).toAccount).toEqual({});
  });
});
