import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COURSE_RULES } from '../../src/api/contract.ts';
import {
  courseFormMachine,
  selectCourseDraft,
  selectCourseFormLoading,
  selectCourseFormSubmitting,
} from '../../src/machines/courseForm.machine.ts';
import {
  EMPTY_COURSE_DRAFT,
  errorMessages,
  type CourseFormContext,
} from '../../src/machines/courseForm.rules.ts';
import { CourseFormPage } from '../../src/views/CourseFormPage.tsx';

const countries = [
  { isoCode: 'HR', localizedName: 'Hrvatska' },
  { isoCode: 'SI', localizedName: 'Slovenija' },
];

function renderFrom(
  value: 'loadingCountries' | 'editing' | 'submitting',
  context: Partial<CourseFormContext>,
) {
  const snapshot = courseFormMachine.resolveState({
    value,
    context: { ...EMPTY_COURSE_DRAFT, now: () => new Date(), countries, errors: {}, ...context },
  });
  const send = vi.fn();
  render(
    <CourseFormPage
      loading={selectCourseFormLoading(snapshot)}
      draft={selectCourseDraft(snapshot)}
      countries={snapshot.context.countries}
      errors={snapshot.context.errors}
      problems={errorMessages(snapshot.context.errors)}
      submitting={selectCourseFormSubmitting(snapshot)}
      rules={COURSE_RULES}
      now={new Date()}
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />,
  );
  return send;
}

describe('CourseFormPage view from a resolved snapshot', () => {
  it('sends each edit and the submit', async () => {
    const send = renderFrom('editing', {});
    fireEvent.change(screen.getByLabelText('Naziv'), { target: { value: 'Tečaj' } });
    fireEvent.change(screen.getByLabelText('Država'), { target: { value: 'SI' } });
    fireEvent.change(screen.getByLabelText('Početak'), {
      target: { value: '05. 05. 2031. 08:30' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Objavi tečaj' }));
    expect(send.mock.calls).toEqual([
      [{ type: 'EDIT', values: { title: 'Tečaj' } }],
      [{ type: 'EDIT', values: { countryIsoCode: 'SI' } }],
      [{ type: 'EDIT', values: { startDate: '2031-05-05T08:30' } }],
      [{ type: 'SUBMIT' }],
    ]);
  });

  it('shows the messages at their fields and all of them together', () => {
    renderFrom('editing', {
      errors: { title: ['Naziv ne može biti prazan.'], image: ['Fotografija nije učitana.'] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Naziv ne može biti prazan.Fotografija nije učitana.',
    );
    expect(screen.getByLabelText('Naziv')).toHaveAccessibleDescription(
      'Naziv ne može biti prazan.',
    );
    expect(screen.getByLabelText('Fotografija')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Opis')).not.toHaveAttribute('aria-invalid');
  });

  it('replaces the button with a spinner and locks the fields while submitting', () => {
    renderFrom('submitting', { title: 'Tečaj' });
    expect(screen.getByRole('status')).toHaveTextContent('Spremanje tečaja…');
    expect(screen.queryByRole('button', { name: 'Objavi tečaj' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Naziv')).toBeDisabled();
  });

  it('shows a spinner until the countries are there', () => {
    renderFrom('loadingCountries', { countries: [] });
    expect(screen.getByRole('status')).toHaveTextContent('Učitavanje obrasca…');
    expect(screen.queryByLabelText('Naziv')).not.toBeInTheDocument();
  });
});
