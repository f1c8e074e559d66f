/** The one error type calls reject with: a non-"0" errcode, an HTTP error or a network failure. */
export class ApiError extends Error {
  readonly errcode: string;
  readonly errmsg: string;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The envelope's data (e.g. field errors of PARAM-40001), or null. */
  readonly data: unknown;

  constructor(errcode: string, errmsg: string, status: number, data: unknown = null) {
    super(errmsg);
    this.name = 'ApiError';
    this.errcode = errcode;
    this.errmsg = errmsg;
    this.status = status;
    this.data = data;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Errcodes the browser makes up when there is no envelope to read. */
export const CLIENT_ERR = {
  network: 'NETWORK',
  badResponse: 'BAD-RESPONSE',
  http: (status: number) => `HTTP-${status}`,
} as const;

/** Chinese text for an HTTP error that carries no envelope. */
export const httpErrorText = (status: number): string => {
  if (status === 404) return `请求的接口不存在（HTTP ${status}）`;
  if (status === 401 || status === 403) return `无权访问，请重新登录后再试（HTTP ${status}）`;
  if (status === 502 || status === 503 || status === 504) return `服务暂时不可用，请稍后再试（HTTP ${status}）`;
  if (status >= 500) return `服务器错误，请稍后再试（HTTP ${status}）`;
  return `请求失败（HTTP ${status}）`;
};

export const NETWORK_ERROR_TEXT = '网络连接失败，请检查网络后重试';
export const BAD_RESPONSE_TEXT = '服务器返回了无法识别的响应';
