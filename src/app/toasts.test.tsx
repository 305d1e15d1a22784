import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { errorsMessages } from '../messages/errors.ts';
import { describeError } from './toasts.tsx';

describe('the generic error handler (SPEC 8)', () => {
  it('gives the sticky unexpected-error text for an empty error object', () => {
    expect(describeError({})).toEqual({ text: errorsMessages.unexpected, sticky: true });
    expect(describeError(undefined)).toEqual({ text: errorsMessages.unexpected, sticky: true });
  });

  it('shows an API error with the JSON of its body', () => {
    const error = new ApiError(409, { errors: ['Taken.'] });
    expect(describeError(error)).toEqual({
      text: 'Dogodila se pogreška: {"errors":["Taken."]}',
      sticky: false,
    });
  });

  it('says in Croatian that the server disk is full (507), whatever the body', () => {
    const full = { text: errorsMessages.diskFull, sticky: true };
    expect(describeError(new ApiError(507, { errors: ['No space.'] }))).toEqual(full);
    expect(describeError(new ApiError(507, null))).toEqual(full);
  });

  it('shows a failure without a body by its status, and a thrown error by its message', () => {
    expect(describeError(new ApiError(502, null)).text).toBe(
      'Dogodila se pogreška: {"status":502}',
    );
    expect(describeError(new TypeError('Failed to fetch')).text).toBe(
      'Dogodila se pogreška: {"message":"Failed to fetch"}',
    );
  });
});
