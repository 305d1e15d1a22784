import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AccessGateContainer } from '../../src/app/AccessGateContainer.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

it('drops the server’s refusal from the address in place, so Back does not return to it (SPEC 4)', async () => {
  const app = renderWithEffects(
    <AccessGateContainer brand="Dentalia" exempt={null}>
      <h1>Stranica</h1>
    </AccessGateContainer>,
    { path: '/tecajevi?prikazi=sve&izjava=nedostaje' },
  );
  // The gate's code loads on demand; its alert says what the server refused.
  expect(await screen.findByRole('alert')).toBeVisible();
  expect(app.history).toEqual(['/tecajevi?prikazi=sve']);
});
