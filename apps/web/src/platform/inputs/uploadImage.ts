/**
 * The upload call with progress: fetch cannot report upload progress, so this one call uses
 * XMLHttpRequest, with the same headers as http.ts and the same SPEC §8 handling of session
 * codes; a business error (type, size) rejects with the server's errmsg for the input to show.
 */
import { UPLOAD_API, UPLOAD_FIELD, type UploadedImage } from '@zb/contract/api/uploads';
import { ACCOUNT_VERSION_HEADER, accountVersion, TAB_ROLE_HEADER } from '@zb/contract/constants';
import { ERR, isSessionErrcode } from '@zb/contract/errcodes';
import { ApiError, NETWORK_ERROR_TEXT } from '../apiError';
import { perform, reactionTo } from '../httpPolicy';
import { getAccountIdentity, getSessionUser } from '../session';

export interface UploadHandle {
  promise: Promise<UploadedImage>;
  abort: () => void;
}

export const uploadImage = (file: Blob & { name?: string }, onProgress: (percent: number) => void): UploadHandle => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedImage>((resolve, reject) => {
    const endpoint = UPLOAD_API.uploadImg;
    xhr.open(endpoint.method, endpoint.path);
    xhr.setRequestHeader('Accept', 'application/json');
    const identity = getAccountIdentity();
    if (identity)
      xhr.setRequestHeader(ACCOUNT_VERSION_HEADER, accountVersion(identity.loginName, identity.createdDate));
    const userRoleId = getSessionUser()?.userRoleId;
    if (userRoleId) xhr.setRequestHeader(TAB_ROLE_HEADER, String(userRoleId));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded * 100) / e.total)));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', NETWORK_ERROR_TEXT, 0));
    xhr.onabort = () => reject(new ApiError('ABORTED', '已取消上传', 0));
    xhr.onload = () => {
      let body: { errcode?: unknown; errmsg?: unknown; data?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const errcode = body && body.errcode !== undefined ? String(body.errcode) : '';
      const errmsg = typeof body?.errmsg === 'string' ? body.errmsg : '上传失败，请稍后重试';
      if (errcode === ERR.OK) {
        onProgress(100);
        resolve(body?.data as UploadedImage);
        return;
      }
      // Session codes end the session as anywhere else (SPEC §8); the rest the input shows itself.
      if (isSessionErrcode(errcode)) {
        perform(reactionTo({ endpoint, url: endpoint.path, errcode, errmsg, options: {} }));
      }
      reject(new ApiError(errcode || 'HTTP', errmsg, xhr.status, body?.data ?? null));
    };
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name ?? 'image');
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
