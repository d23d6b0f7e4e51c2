import { ErrorCode } from '@telecare/contracts/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.validation]: 400,
  [ErrorCode.nestedTooDeep]: 400,
  [ErrorCode.unauthenticated]: 401,
  [ErrorCode.invalidCredentials]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.crossSiteRequest]: 403,
  [ErrorCode.accountDisabled]: 403,
  [ErrorCode.roleNotAllowed]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.smsTemplateSetNotFound]: 400,
  [ErrorCode.alreadyApproved]: 409,
  [ErrorCode.alreadyBooked]: 409,
  [ErrorCode.tooManyAttempts]: 429,
  [ErrorCode.countryNotAllowed]: 403,
  [ErrorCode.mfaRequired]: 401,
  [ErrorCode.resendLocked]: 429,
  [ErrorCode.codeInvalid]: 400,
  [ErrorCode.codeExpired]: 400,
  [ErrorCode.linkInvalid]: 400,
  [ErrorCode.emailNotVerified]: 409,
  [ErrorCode.factorCheckRequired]: 403,
  [ErrorCode.sendFailed]: 502,
  [ErrorCode.fileTooLarge]: 413,
  [ErrorCode.internal]: 500,
  [ErrorCode.unavailable]: 503,
  [ErrorCode.busy]: 503,
};

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
