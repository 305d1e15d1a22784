/**
 * The failures a random path's server may answer with, and the generic toast each shows (SPEC 8:
 * "Dogodila se pogreška: " and what the server said).
 */
import { ApiError } from '../../src/api/errors.ts';

export interface ServerFailure {
  /** The step's Croatian label in the path runner's report. */
  label: string;
  error: unknown;
  toast: string;
}

/** The server refuses with `status` and one message, as the API client throws it. */
export const refusedWith = (status: number, message: string): ServerFailure => ({
  label: `poslužitelj odgovara ${status}`,
  error: new ApiError(status, { errors: [message] }),
  toast: `Dogodila se pogreška: ${JSON.stringify({ errors: [message] })}`,
});

/** The connection breaks before any answer: fetch's own TypeError. */
export const connectionLost = (): ServerFailure => ({
  label: 'veza se prekida',
  error: new TypeError('Failed to fetch'),
  toast: 'Dogodila se pogreška: {"message":"Failed to fetch"}',
});
