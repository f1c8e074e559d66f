/**
 * An image upload form control (antd Upload, picture-card): value is the image url, or a list of
 * urls when `max` > 1. The type and size are checked before sending with the server's limits
 * (/rest/upload/limits; the server checks again from the file's real bytes), progress shows while
 * uploading, a refused file shows the server's reason, and a click previews.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { UPLOAD_API, UPLOAD_IMAGE_TYPES, type UploadedImage, type UploadLimits } from '@zb/contract/api/uploads';
import { SETTINGS } from '@zb/contract/settings';
import { App, Modal, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../apiError';
import { call } from '../http';
import { uploadImage } from './uploadImage';

export interface ImageUploadProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  /** How many images; above 1 the value is a list. */
  max?: number;
  disabled?: boolean;
}

const DEFAULT_LIMITS: UploadLimits = {
  maxKb: SETTINGS.uploadMaxKb.default,
  types: Object.keys(UPLOAD_IMAGE_TYPES) as UploadLimits['types'],
};

const typeNames = Object.values(UPLOAD_IMAGE_TYPES).join('、');

export const sizeText = (kb: number): string => (kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024}MB` : `${kb}KB`);

/** The reason a file may not be sent, or null. */
export const precheck = (file: { type: string; size: number }, limits: UploadLimits): string | null => {
  if (!(limits.types as string[]).includes(file.type)) return `不支持的图片类型，仅支持 ${typeNames}`;
  if (file.size > limits.maxKb * 1024) return `图片不能超过 ${sizeText(limits.maxKb)}`;
  return null;
};

const urlsOf = (value: ImageUploadProps['value']): string[] => (value ? (Array.isArray(value) ? value : [value]) : []);

const fileOf = (url: string, i: number): UploadFile => ({
  uid: `url-${i}-${url}`,
  name: url.split('/').pop() ?? `图片${i + 1}`,
  status: 'done',
  url,
});

export function ImageUpload({ value, onChange, max = 1, disabled }: ImageUploadProps) {
  const { message } = App.useApp();
  const limits =
    useQuery({
      queryKey: ['upload', 'limits'],
      queryFn: () => call(UPLOAD_API.limits, {}, { alert: false }),
      staleTime: Number.POSITIVE_INFINITY,
    }).data ?? DEFAULT_LIMITS;
  const [files, setFiles] = useState<UploadFile[]>(() => urlsOf(value).map(fileOf));
  const [preview, setPreview] = useState<string | null>(null);
  const emitted = useRef<string>(JSON.stringify(urlsOf(value)));

  // A value set from outside (a form reset, a record loaded) replaces the list.
  useEffect(() => {
    const urls = urlsOf(value);
    const key = JSON.stringify(urls);
    if (key === emitted.current) return;
    emitted.current = key;
    setFiles(urls.map(fileOf));
  }, [value]);

  const emit = (next: UploadFile[]) => {
    const urls = next.filter((f) => f.status === 'done' && f.url).map((f) => f.url as string);
    emitted.current = JSON.stringify(urls);
    onChange?.(max > 1 ? urls : (urls[0] ?? null));
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const reason = precheck(file, limits);
    if (reason) {
      void message.error(reason);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const handle = uploadImage(file as File, (percent) => onProgress?.({ percent }));
    handle.promise.then(
      (img) => onSuccess?.(img),
      (err: unknown) => {
        const text = err instanceof ApiError ? err.errmsg : '上传失败，请稍后重试';
        void message.error(text);
        onError?.(Object.assign(new Error(text), { status: err instanceof ApiError ? err.status : 0 }));
      },
    );
    return { abort: handle.abort };
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList }) => {
    const next = fileList
      .map((f) => {
        const img = f.response as UploadedImage | undefined;
        return f.status === 'done' && img?.url && !f.url ? { ...f, url: img.url, name: img.name } : f;
      })
      // A refused file leaves the list; its reason was shown.
      .filter((f) => f.status !== 'error');
    setFiles(next);
    if (file.status === 'done' || file.status === 'removed') emit(next);
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept={limits.types.join(',')}
        fileList={files}
        maxCount={max}
        multiple={max > 1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={(f) => setPreview(f.url ?? f.thumbUrl ?? null)}
      >
        {files.length >= max || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传图片</div>
          </button>
        )}
      </Upload>
      <Modal open={preview !== null} footer={null} title="图片预览" onCancel={() => setPreview(null)}>
        {preview ? <img alt="图片预览" src={preview} style={{ width: '100%' }} /> : null}
      </Modal>
    </>
  );
}
