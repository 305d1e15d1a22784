/**
 * A price field of the admin forms (issue 28): a text input with the decimal keypad on phones
 * that takes a price as Croatians write it ("49,90", "49.90 €", "1.299,00 €") and, once the field
 * is left, shows it the site's way ("49,90 €", src/lib/price.ts). What is not a price stays as
 * typed, for its message to point at.
 */
import { formatPrice, parsePrice } from '../../lib/price.ts';

export interface PriceInputProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  disabled: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

export function PriceInput({
  id,
  value,
  onChange,
  maxLength,
  disabled,
  invalid,
  describedBy,
}: PriceInputProps) {
  return (
    <input
      id={id}
      className="form__input"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      maxLength={maxLength}
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const cents = parsePrice(value);
        if (cents !== undefined && formatPrice(cents) !== value) onChange(formatPrice(cents));
      }}
    />
  );
}
