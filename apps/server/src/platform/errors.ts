/** Business errors thrown by services and guards; the envelope plugin turns them into answers. */
import { ERR, ERRMSG, type Errcode } from '@zb/contract/errcodes';

export class BizError extends Error {
  readonly errcode: Errcode;
  readonly data: unknown;

  constructor(errcode: Errcode, errmsg?: string, data?: unknown) {
    super(errmsg ?? ERRMSG[errcode]);
    this.name = 'BizError';
    this.errcode = errcode;
    this.data = data ?? null;
  }
}

const SESSION_CODES: readonly string[] = [
  ERR.NO_SESSION,
  ERR.SESSION_EXPIRED,
  ERR.ACCOUNT_VERSION_MISMATCH,
  ERR.SESSION_REVOKED,
  ERR.USER_INFO_FAILED,
];

/** HTTP status of an errcode: session errors 401, refusals 403, unknown paths 404, the rest 200. */
export const httpStatusOf = (errcode: string): number => {
  if (SESSION_CODES.includes(errcode)) return 401;
  if (errcode === ERR.FORBIDDEN || errcode === ERR.ROLE_REQUIRED) return 403;
  if (errcode === ERR.NOT_FOUND) return 404;
  if (errcode === ERR.TOO_MANY_REQUESTS) return 429;
  if (errcode === ERR.INTERNAL) return 500;
  if (errcode === ERR.SHUTTING_DOWN) return 503;
  return 200;
};

/** A PARAM_INVALID refusal of one field: the form shows `msg` under that field. */
export const fieldError = (field: string, msg: string): BizError =>
  new BizError(ERR.PARAM_INVALID, msg, { fields: { [field]: msg } });
