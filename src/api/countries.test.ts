import { describe, expect, it } from 'vitest';
import { namedCountries } from './countries.ts';

describe('namedCountries', () => {
  it('names the offered countries in the Croatian order, unknown codes last as they are', () => {
    expect(namedCountries([{ isoCode: 'SI' }, { isoCode: 'XX' }, { isoCode: 'HR' }])).toEqual([
      { isoCode: 'HR', localizedName: 'Hrvatska' },
      { isoCode: 'SI', localizedName: 'Slovenija' },
      { isoCode: 'XX', localizedName: 'XX' },
    ]);
  });
});
