/**
 * The 软文 editor: a contentEditable body with a small toolbar (加粗, 斜体, 下划线, 标题, 正文,
 * 列表, 链接, 图片 uploaded through /rest/upload/uploadImg). Its value is the body's HTML; the
 * server sanitises it before storing (modules/content/sanitize.ts), so the editor need not.
 */
import { Button, Input, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadImage } from '../../platform/inputs/uploadImage';
import type { CustomInputProps } from '../../platform/resource/customInputs';

const TOOLS: { label: string; cmd: string; arg?: string }[] = [
  { label: '加粗', cmd: 'bold' },
  { label: '斜体', cmd: 'italic' },
  { label: '下划线', cmd: 'underline' },
  { label: '标题', cmd: 'formatBlock', arg: 'h2' },
  { label: '正文', cmd: 'formatBlock', arg: 'p' },
  { label: '列表', cmd: 'insertUnorderedList' },
];

export function RichTextInput({ id, value, onChange, disabled }: CustomInputProps) {
  const body = useRef<HTMLDivElement>(null);
  const [link, setLink] = useState('');
  const html = typeof value === 'string' ? value : '';
  // Only a value from outside (the stored article) replaces the body; typing keeps the caret.
  useEffect(() => {
    if (body.current && body.current.innerHTML !== html) body.current.innerHTML = html;
  }, [html]);
  const changed = () => onChange?.(body.current?.innerHTML ?? '');
  const exec = (cmd: string, arg?: string) => {
    body.current?.focus();
    document.execCommand(cmd, false, arg);
    changed();
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        {TOOLS.map((t) => (
          <Button
            key={t.label}
            size="small"
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => exec(t.cmd, t.arg)}
          >
            {t.label}
          </Button>
        ))}
        <Space.Compact size="small">
          <Input
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            style={{ width: 180 }}
            aria-label="链接地址"
          />
          <Button disabled={disabled || !link} onClick={() => exec('createLink', link)}>
            加链接
          </Button>
        </Space.Compact>
        <Upload
          accept="image/*"
          showUploadList={false}
          disabled={disabled}
          customRequest={({ file, onSuccess, onError }) => {
            uploadImage(file as Blob, () => {})
              .promise.then((img) => {
                exec('insertImage', img.url);
                onSuccess?.(img);
              })
              .catch((e: Error) => onError?.(e));
          }}
        >
          <Button size="small" disabled={disabled}>
            插入图片
          </Button>
        </Upload>
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs a contentEditable element; a textarea holds plain text only */}
      <div
        id={id}
        ref={body}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label="正文"
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={changed}
        onBlur={changed}
        style={{ minHeight: 240, padding: 12, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'auto' }}
      />
    </div>
  );
}
