/**
 * The labelled fields of the forms (docs/forms.md): each field's id, its hint and its own
 * messages under it, tied together by `aria-describedby`, so that a screen reader reads the hint
 * and the messages with the control; and after a refused submit the first marked field takes the
 * focus. One place, so every form describes its fields the same way.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { SelectField, type SelectFieldProps } from './form/SelectField.tsx';

export function useFormFields<Field extends string>(
  errors: Partial<Record<Field, readonly string[]>>,
) {
  const id = useId();
  const form = useFocusFirstInvalid(errors);
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
  /** A labelled select with the field's messages under it (SelectField). */
  const select = (name: Field, props: Omit<SelectFieldProps, 'id' | 'errors'>) => (
    <SelectField id={fieldId(name)} errors={errors[name]} {...props} />
  );
  return { id, form, fieldId, errorId, invalid, describedBy, fieldErrors, field, select };
}

/**
 * Spread on the `<form>`: after a submit, the first control marked invalid takes the focus once
 * the messages arrive (at once for the form's own rules, later for the server's refusal).
 * Editing also changes the messages; only a submit moves the focus.
 */
export function useFocusFirstInvalid(errors: object) {
  const ref = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!submitted.current || !first) return;
    submitted.current = false;
    first.focus();
  }, [errors]);
  return {
    ref,
    onSubmitCapture: () => {
      submitted.current = true;
    },
  };
}
