import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  coursesListMachine,
  selectAbroadSwitchShown,
  selectCourseToDelete,
  selectCoursesStage,
  selectDeleting,
  selectShowAbroad,
  selectVisibleCourses,
  type CoursesListContext,
} from '../../src/machines/coursesList.machine.ts';
import { CoursesPage } from '../../src/views/CoursesPage.tsx';
import { aCourse } from '../support/courses.ts';

const inCroatia = aCourse({ id: 1, title: 'Endodoncija u praksi' });
const abroad = aCourse({ id: 2, title: 'Implantologija na Bledu', country: { isoCode: 'SI' } });

function renderFrom(
  value: Parameters<typeof coursesListMachine.resolveState>[0]['value'],
  context: CoursesListContext,
) {
  const snapshot = coursesListMachine.resolveState({ value, context });
  const send = vi.fn();
  render(
    <CoursesPage
      stage={selectCoursesStage(snapshot)}
      courses={selectVisibleCourses(snapshot)}
      abroadSwitchShown={selectAbroadSwitchShown(snapshot)}
      showAbroad={selectShowAbroad(snapshot)}
      canDelete
      courseToDelete={selectCourseToDelete(snapshot)}
      deleting={selectDeleting(snapshot)}
      onToggleAbroad={() => send({ type: 'TOGGLE_ABROAD' })}
      onAskDelete={(id) => send({ type: 'ASK_DELETE', id })}
      onCancelDelete={() => send({ type: 'CANCEL_DELETE' })}
      onConfirmDelete={() => send({ type: 'CONFIRM_DELETE' })}
    />,
  );
  return send;
}

describe('CoursesPage view from a resolved snapshot', () => {
  it('titles the page and sends what the visitor does with the list', async () => {
    const send = renderFrom(
      { list: 'browsing' },
      { courses: [abroad, inCroatia], showAbroad: true, courseToDelete: null },
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trenutno aktivni tečajevi' }),
    ).toBeVisible();
    const toggle = screen.getByRole('switch', { name: 'Prikaži i tečajeve u inozemstvu' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(
      screen.getByRole('button', { name: 'Obriši tečaj Implantologija na Bledu' }),
    );
    expect(send.mock.calls).toEqual([[{ type: 'TOGGLE_ABROAD' }], [{ type: 'ASK_DELETE', id: 2 }]]);
  });

  it('asks before deleting, with the SPEC 2 buttons', async () => {
    const send = renderFrom(
      { list: 'confirmingDelete' },
      { courses: [inCroatia], showAbroad: false, courseToDelete: inCroatia },
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Obrisati tečaj?' });
    expect(dialog).toHaveAccessibleDescription(
      'Tečaj „Endodoncija u praksi” bit će trajno obrisan.',
    );
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Ne' }));
    await userEvent.click(screen.getByRole('button', { name: 'Obriši' }));
    expect(send.mock.calls).toEqual([[{ type: 'CANCEL_DELETE' }], [{ type: 'CONFIRM_DELETE' }]]);
  });

  it('replaces the answers with a spinner while deleting', () => {
    renderFrom(
      { list: 'deleting' },
      { courses: [inCroatia], showAbroad: false, courseToDelete: inCroatia },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Brisanje tečaja…');
    expect(screen.queryByRole('button', { name: 'Ne' })).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toHaveFocus();
  });

  it('shows a spinner while loading', () => {
    renderFrom('loading', { courses: [], showAbroad: false, courseToDelete: null });
    expect(screen.getByRole('status')).toHaveTextContent('Učitavanje tečajeva…');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
