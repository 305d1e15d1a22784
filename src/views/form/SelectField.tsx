/**
 * A labelled select of the forms (docs/forms.md "field view"): the label, the select, its hint and
 * its own messages under it, tied to the select by `aria-describedby`, the select marked with
 * `aria-invalid` while it has messages. The ids follow `useFormFields` (`<id>-hint`, `<id>-error`),
 * so a form's focus-first-invalid and its tests read it like any other field.
 */
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** A placeholder that cannot be chosen again ('Uloga'). */
  disabled?: boolean;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  /** In the order shown. */
  options: readonly SelectOption[];
  disabled: boolean;
  hint?: ReactNode;
  /** The field's own messages; none when it is fine. */
  errors?: readonly string[] | undefined;
  onChange: (value: string) => void;
}

export function SelectField({
  id,
  label,
  value,
  options,
  disabled,
  hint,
  errors = [],
  onChange,
}: SelectFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="form__field">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form__input"
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
      {invalid && (
        <ul id={errorId} className="form__field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
