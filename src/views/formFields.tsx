/**
 * The labelled fields of the admin forms (course, education): each field's id, its hint and its
 * own messages, tied together by `aria-describedby`, so that a screen reader reads the hint and
 * the messages with the control. One place, so every form describes its fields the same way.
 */
import { useId, type ReactNode } from 'react';

export function useFormFields<Field extends string>(
  errors: Partial<Record<Field, readonly string[]>>,
) {
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = (field: Field) => `${id}-${field}-error`;
  const hintId = (field: Field) => `${id}-${field}-hint`;
  const invalid = (field: Field) => (errors[field]?.length ?? 0) > 0;
  /** The describedby of a field: its hint, then its messages. */
  const describedBy = (field: Field, hint = false) =>
    [hint ? hintId(field) : null, invalid(field) ? errorId(field) : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldErrors = (field: Field) =>
    invalid(field) && (
      <ul id={errorId(field)} className="form__field-errors">
        {errors[field]?.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  /** A label, the control, the hint and the field's messages. */
  const field = (
    name: Field,
    label: string,
    control: ReactNode,
    hint?: ReactNode,
    className = '',
  ) => (
    <div className={`form__field ${className}`.trimEnd()}>
      <label className="form__label" htmlFor={fieldId(name)}>
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId(name)} className="form__hint">
          {hint}
        </p>
      )}
      {fieldErrors(name)}
    </div>
  );
  return { id, fieldId, errorId, invalid, describedBy, fieldErrors, field };
}
