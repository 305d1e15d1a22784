/** A labelled single-line input of the account forms: read-only while its form submits. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  readOnly: boolean;
  /** The id of the form's error list while it shows problems. */
  describedBy: string | undefined;
  invalid?: boolean;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type,
  autoComplete,
  readOnly,
  describedBy,
  invalid,
}: TextFieldProps) {
  return (
    <div className="form__field">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form__input"
        type={type}
        autoComplete={autoComplete}
        value={value}
        readOnly={readOnly}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
