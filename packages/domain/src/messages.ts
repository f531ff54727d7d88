/** The user-facing messages of SPEC §5 and §8, written once and shared by server and web. */
export const messages = {
  invalidLength: 'Invalid length',
  invalidValue: 'Invalid value',
  invalidEmail: 'Invalid email',
  required: 'Required',
  passwordMismatch: "The password doesn't match.",
  passwordRules:
    'The password must be at least 8 characters and contain a number, an uppercase character and a special character.',
  credentialsMismatch: 'These credentials do not match our records.',
  wrongPassword: 'The provided password is incorrect.',
  tooManyAttempts: 'Too many login attempts. Please try again in :seconds seconds.',
  notFound: 'Not Found',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  csrfMismatch: 'CSRF token mismatch.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type: send application/json.',
  payloadTooLarge: 'The request body is too large.',
  serverError: 'Something has gone wrong with the server.',
  contactError: 'Error contacting the server. Try to login again.',
  resetLinkSent: 'We have emailed your password reset link.',
  resetTokenInvalid: 'This password reset token is invalid.',
  passwordReset: 'Your password has been reset.',
  emailTaken: 'The email has already been taken.',
  orderFailed: 'An error as occurred inserting the order. Retry later.',
  outOfStock: ':product is out of stock and was removed from the cart.',
  couponUnknown: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsed: 'This coupon has already been used.',
  totalChanged: 'The prices changed since the cart was shown. Please check the new total.',
  paymentDeclined: 'The payment was declined.',
} as const;

/** SPEC §8: the throttle message with the seconds left filled in. */
export function tooManyAttemptsMessage(seconds: number): string {
  return messages.tooManyAttempts.replace(':seconds', String(seconds));
}
