/**
 * Server project setup file: outbound requests fail the test unless a test fakes them (the
 * reCAPTCHA check takes its `fetch` as an option); the tests' own servers on loopback stay real.
 */
import { afterEach } from 'vitest';
import { refuseUnfakedNetwork, unfakedRequestsProblem } from './no-network.ts';

refuseUnfakedNetwork({ allowHosts: ['127.0.0.1', 'localhost', '[::1]'] });

afterEach(() => {
  const problem = unfakedRequestsProblem();
  if (problem) throw new Error(problem);
});
