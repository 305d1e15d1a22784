import type { LocalizedCountry } from '../../data/countries.ts';
import type { SelectOption } from './SelectField.tsx';

/** The country options of the admin forms (course, education): the offered countries by name. */
export const countryOptions = (countries: readonly LocalizedCountry[]): SelectOption[] =>
  countries.map((country) => ({ value: country.isoCode, label: country.localizedName }));
