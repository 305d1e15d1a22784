import type { LocalizedCountry } from '../../data/countries.ts';

export interface CountrySelectProps {
  id: string;
  /** The ISO code chosen. */
  value: string;
  /** The countries offered, named in Croatian, in the order shown. */
  countries: readonly LocalizedCountry[];
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (isoCode: string) => void;
}

/** The country select of the admin forms (course, education): the offered countries by name. */
export function CountrySelect({
  id,
  value,
  countries,
  disabled,
  invalid,
  describedBy,
  onChange,
}: CountrySelectProps) {
  return (
    <select
      id={id}
      className="form__input"
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    >
      {countries.map((country) => (
        <option key={country.isoCode} value={country.isoCode}>
          {country.localizedName}
        </option>
      ))}
    </select>
  );
}
