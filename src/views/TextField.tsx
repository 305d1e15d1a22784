/**
 * A labelled single-line input of the account forms: read-only while its form submits, its own
 * messages under it (the one field view of docs/forms.md: `aria-invalid`, and the messages read
 * with the control through `aria-describedby`).
 */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  readOnly: boolean;
  /** The field's own messages; none when it is fine. */
  errors?: readonly string[] | undefined;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type,
  autoComplete,
  readOnly,
  errors = [],
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
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
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
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
