/**
 * What every form machine shares (docs/forms.md): one error shape, `Record<field, string[]>`, the
 * form-level list derived from it, the editing that takes a field's messages away, the clock the
 * rules are judged at, and the two ways a submit fails (a refusal the fields show, anything else
 * for the generic error handler). Written once so the forms cannot drift apart again.
 */

/** The one error shape of a form: the messages of each field, in the order they were found. */
export type FormErrors<Field extends string> = Partial<Record<Field, string[]>>;

/**
 * The key of what belongs to no field (a network failure, an unexpected answer): the form-level
 * box shows it, no field is marked for it.
 */
export const FORM_LEVEL = 'form';
export type FormLevel = typeof FORM_LEVEL;

/** What belongs to no field: the form-level box of a form whose fields show their own. */
export const formLevelErrors = (errors: FormErrors<string>): string[] => errors[FORM_LEVEL] ?? [];

/** Collects messages per field; a message already listed for its field is not repeated. */
export function errorCollector<Field extends string>() {
  const errors: FormErrors<Field> = {};
  return {
    errors,
    fail(field: Field, message: string) {
      const messages = (errors[field] ??= []);
      if (!messages.includes(message)) messages.push(message);
    },
  };
}

export const hasErrors = (errors: FormErrors<string>) =>
  Object.values(errors).some((messages) => (messages?.length ?? 0) > 0);

/**
 * The form-level list derived from the field errors, in the order of the form's fields, each
 * message once (one message may be about several fields, e.g. 'all fields are required').
 */
export function errorList<Field extends string>(
  errors: FormErrors<Field>,
  order: readonly Field[],
): string[] {
  return [...new Set(order.flatMap((field) => errors[field] ?? []))];
}

/** Editing fields takes their messages away; `together` are judged as one (two dates, a video). */
export function withoutErrorsOf<Field extends string>(
  errors: FormErrors<Field>,
  edited: Iterable<string>,
  together: readonly (readonly Field[])[] = [],
): FormErrors<Field> {
  const cleared = new Set<string>(edited);
  for (const group of together) {
    if (group.some((field) => cleared.has(field))) group.forEach((field) => cleared.add(field));
  }
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !cleared.has(field)),
  ) as FormErrors<Field>;
}

/** The clock a form's rules are judged at: the container passes the injected `effects.now`. */
export interface FormClock {
  now?: () => Date;
}
export const clockOf = (input: FormClock | undefined): (() => Date) =>
  input?.now ?? (() => new Date());

/** The failed call's error, for the injected generic handler `reportError`. */
export const reportEventError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const;

/**
 * A refused or failed submit: a validation refusal of known fields goes back to `target` with its
 * messages under the fields (`showFieldErrors`), anything else goes back to `target` and to the
 * injected `reportError`.
 */
export function submitFailed<const ShowFieldErrors>(
  fieldErrors: (error: unknown) => FormErrors<string> | null,
  showFieldErrors: ShowFieldErrors,
  target = 'editing',
) {
  return [
    {
      guard: ({ event }: { event: { error: unknown } }) => fieldErrors(event.error) !== null,
      target,
      actions: showFieldErrors,
    },
    { target, actions: reportEventError },
  ];
}
