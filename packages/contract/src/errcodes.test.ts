import { describe, expect, it } from 'vitest';
import { ERR, ERRMSG, fail, isSessionErrcode, ok, STORE_AUTH_CODES, WXWORK_LOGIN_ABNORMAL } from './errcodes';

describe('isSessionErrcode', () => {
  it('ends the session for FILTER_LOGIN_*, SECURES-LOGIN-ON-401 and LOGIN-40103', () => {
    for (const code of [
      ERR.NO_SESSION,
      ERR.SESSION_EXPIRED,
      ERR.ACCOUNT_VERSION_MISMATCH,
      'FILTER_LOGIN_999',
      ERR.SESSION_REVOKED,
      'X-SECURES-LOGIN-ON-401',
      'LOGIN-40103',
    ]) {
      expect(isSessionErrcode(code), code).toBe(true);
    }
  });

  it('leaves business errors and success alone', () => {
    for (const code of ['LOGIN-51005', 'LOGIN-51008', 'PARAM-40001', 'LOGIN-40101', '0', '-10', '', 'LOGIN-401030']) {
      expect(isSessionErrcode(code), code).toBe(false);
    }
  });
});

describe('ERRMSG', () => {
  it('has a Chinese message for every code', () => {
    for (const code of Object.values(ERR)) {
      expect(ERRMSG[code], code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('uses the glossary wording where SPEC quotes a message', () => {
    expect(ERRMSG[ERR.USER_INFO_FAILED]).toBe('获取用户信息失败');
    expect(ERRMSG[ERR.LOGIN_APPROVAL_PENDING]).toBe('审批中，暂时无法登录，请留意审批结果');
    expect(ERRMSG[ERR.LOGIN_USE_PHONE]).toBe('请使用手机号登录');
    expect(ERRMSG[ERR.STORE_AUTH_PASSED]).toBe('授权通过');
    expect(ERRMSG[ERR.STORE_AUTH_REJECTED]).toBe('授权未通过，请重新申请');
    expect(WXWORK_LOGIN_ABNORMAL).toBe('企业微信登录异常');
  });

  it('codes are distinct', () => {
    const codes = Object.values(ERR);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('envelopes', () => {
  it('ok() answers errcode "0" with the data', () => {
    expect(ok({ id: 1 })).toEqual({ errcode: '0', errmsg: '操作成功', data: { id: 1 } });
    expect(ok(null, '保存成功')).toEqual({ errcode: '0', errmsg: '保存成功', data: null });
  });

  it('fail() answers the code with its default message and null data', () => {
    expect(fail(ERR.PARAM_INVALID)).toEqual({ errcode: 'PARAM-40001', errmsg: '参数错误', data: null });
  });

  it('fail() carries a specific message and data when given', () => {
    const fields = { fields: { user: '请输入账号' } };
    expect(fail(ERR.PARAM_INVALID, '请输入账号', fields)).toEqual({
      errcode: 'PARAM-40001',
      errmsg: '请输入账号',
      data: fields,
    });
  });
});

describe('exempt codes', () => {
  it('store-authority results 200, 204 and 505 are answered by the poll', () => {
    expect([...STORE_AUTH_CODES].sort()).toEqual(['200', '204', '505']);
  });

  it('empty excel downloads answer -10', () => {
    expect(ERR.EXCEL_EMPTY).toBe('-10');
  });
});
