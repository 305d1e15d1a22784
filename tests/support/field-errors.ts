/**
 * What a form shows of its one error shape (docs/forms.md), read from the page: the messages
 * under a control (the list its `aria-describedby` names, the control marked `aria-invalid`) and
 * the form-level box. Model tests compare them with the machine's `errors`.
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The messages under a control, in order; [] when it is not marked. */
export function messagesUnder(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const lists = ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains('form__field-errors'));
  const messages = lists.flatMap((list) => {
    const items = [...(list?.querySelectorAll('li') ?? [])];
    return items.length > 0 ? items.map((item) => item.textContent) : [list?.textContent];
  });
  if (messages.length > 0) expect(control).toHaveAttribute('aria-invalid', 'true');
  else expect(control).not.toHaveAttribute('aria-invalid');
  return messages as string[];
}

/** The messages of the form-level box (`ErrorList`), in order; [] when it is not shown. */
export const formLevelMessages = (): string[] =>
  screen
    .queryAllByRole('alert')
    .flatMap((alert) => [...alert.querySelectorAll('.form__errors li')])
    .map((item) => item.textContent);

/** Each field shows exactly its messages; the form-level box exactly the form's. */
export function expectErrorsShown(
  errors: Partial<Record<string, readonly string[]>>,
  controls: Record<string, HTMLElement>,
) {
  for (const [field, control] of Object.entries(controls)) {
    expect(messagesUnder(control), field).toEqual(errors[field] ?? []);
  }
  expect(formLevelMessages()).toEqual(errors.form ?? []);
}

/**
 * A model's CHANGE event as a person makes it: React reports no change when the value stays the
 * same, so a value already there is typed anew (cleared first). Either way the field is edited,
 * which takes its messages away.
 */
export function changeValue(control: HTMLElement, value: string) {
  if ((control as HTMLInputElement).value === value) {
    fireEvent.change(control, { target: { value: value === '' ? ' ' : '' } });
  }
  fireEvent.change(control, { target: { value } });
}
