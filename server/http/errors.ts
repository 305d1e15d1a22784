/**
 * The two error shapes of the wire contract (ARCHITECTURE.md "The wire contract"):
 * a domain error `{"errors": ["message"]}` and a validation error
 * `{"errors": {"Field": ["message", ...]}}`. Routes throw these; the error handler sends them.
 */
import type { DomainErrorBody, ValidationErrorBody } from '../../src/api/contract.ts';

/** Server messages the client depends on live here, in one place. */
export const MESSAGES = {
  notFound: 'Not found.',
  internal: 'Internal server error.',
  unavailable: 'Service unavailable.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
} as const;

export class DomainError extends Error {
  override name = 'DomainError';
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }

  toBody(): DomainErrorBody {
    return { errors: [this.message] };
  }
}

/** Always 400: the request named fields whose values are wrong. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  readonly statusCode = 400;
  readonly fields: Record<string, string[]>;

  constructor(fields: Record<string, string[]>) {
    super(`Invalid fields: ${Object.keys(fields).join(', ')}`);
    this.fields = fields;
  }

  static field(field: string, ...messages: string[]): ValidationError {
    return new ValidationError({ [field]: messages });
  }

  toBody(): ValidationErrorBody {
    return { errors: this.fields };
  }
}
