/**
 * The real robot-check widget (src/app/RobotCheck.tsx) without the network: a test file mocks
 * ALTCHA's loader (`vi.mock('…/src/app/loadAltcha.ts', () => ({ loadAltcha: async () => {} }))`),
 * so `<altcha-widget>` stays an inert element, and these helpers fire the events the real widget
 * fires when a visitor solves it or the solution expires.
 */
import { fireEvent, screen } from '@testing-library/react';
import { messages } from '../../src/messages.ts';

export const ROBOT_TOKEN = 'robot-token';

/** The ALTCHA element of the `index`-th robot check on the page. */
export function robotWidget(index = 0): HTMLElement & { reset?: () => void } {
  const widget = screen.getAllByRole('group', { name: messages.robotCheck.label })[index];
  const element = widget?.querySelector<HTMLElement>('altcha-widget');
  if (!element) throw new Error(`No robot check #${index} on the page`);
  return element;
}

export function solveRobotCheck(token = ROBOT_TOKEN, index = 0): void {
  fireEvent(
    robotWidget(index),
    new CustomEvent('statechange', { detail: { state: 'verified', payload: token } }),
  );
}

export function expireRobotCheck(index = 0): void {
  fireEvent(robotWidget(index), new CustomEvent('statechange', { detail: { state: 'expired' } }));
}
