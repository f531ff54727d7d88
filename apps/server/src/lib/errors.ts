import { messages } from '@shop/domain';

/** The one error hierarchy of the server (STYLE.md): status, stable code, user-facing message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, 'NOT_FOUND', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string = messages.unauthenticated) {
    super(401, 'UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.forbidden) {
    super(403, 'FORBIDDEN', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

export class CsrfError extends AppError {
  constructor() {
    super(419, 'CSRF_TOKEN_MISMATCH', messages.csrfMismatch);
  }
}

/** A 422 on named fields, the shape forms show next to each field. */
export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>) {
    const first = Object.values(errors)[0]?.[0] ?? messages.invalidValue;
    super(422, 'VALIDATION_FAILED', first, errors);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** A request that is well formed but refused by a business rule, with the reason to show (422). */
export class BusinessRuleError extends AppError {
  constructor(message: string) {
    super(422, 'BUSINESS_RULE', message);
  }
}
