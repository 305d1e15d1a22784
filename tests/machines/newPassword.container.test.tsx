import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { Route, Switch, useLocation } from 'wouter';
import type { ChangePasswordRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { NewPasswordContainer } from '../../src/app/NewPasswordContainer.tsx';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const changePassword = fakePromiseActor<undefined, ChangePasswordRequest>();
const expiredToken = new ApiError(400, { errors: ['Invalid or expired password reset token'] });

/** Where the visitor goes next: the link of a newer password-reset mail. */
let navigate: (path: string) => void = () => undefined;
function Browser() {
  const [, to] = useLocation();
  useEffect(() => {
    navigate = to;
  }, [to]);
  return null;
}

/** The reset-link page as the app routes it: each link its own form. */
function renderResetLinks(path: string) {
  changePassword.reset();
  return renderWithEffects(
    <>
      <Switch>
        <Route path="/resetiraj-lozinku/:resetToken">
          {({ resetToken }) => <NewPasswordContainer key={resetToken} resetToken={resetToken} />}
        </Route>
      </Switch>
      <Browser />
    </>,
    { path, api: { users: { changePassword: changePassword.fn } } },
  );
}

function submitNewPassword(password: string) {
  fireEvent.change(screen.getByLabelText(messages.newPassword.password), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(messages.newPassword.confirmation), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: messages.newPassword.submit }));
}

it('closes the expired-link warning when the form of a newer link is sent (issue 29)', async () => {
  const app = renderResetLinks('/resetiraj-lozinku/stari');
  submitNewPassword('Nova-Lozinka7');
  await changePassword.reject(expiredToken);
  expect(app.notices).toEqual([
    {
      tone: 'warning',
      text: 'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
    },
  ]);
  expect(app.location()).toBe('/login');
  act(() => navigate('/resetiraj-lozinku/novi'));
  submitNewPassword('Nova-Lozinka7');
  expect(changePassword.calls.at(-1)).toEqual({ newPassword: 'Nova-Lozinka7', resetToken: 'novi' });
  expect(app.notices).toEqual([]);
});

it('closes the success toast when the form is sent again from another link (issue 29)', async () => {
  const app = renderResetLinks('/resetiraj-lozinku/prvi');
  submitNewPassword('Nova-Lozinka7');
  await changePassword.resolve(undefined);
  expect(app.notices).toEqual([{ tone: 'success', text: 'Uspješno promijenjena lozinka!' }]);
  expect(app.location()).toBe('/login');
  act(() => navigate('/resetiraj-lozinku/drugi'));
  submitNewPassword('Druga-Lozinka8');
  expect(app.notices).toEqual([]);
});
