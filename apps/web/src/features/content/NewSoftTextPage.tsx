/**
 * /newSoftText (编辑软文): an article's form (?create=1, ?id=N&edit=1) with the rich-text editor,
 * and under a saved one its 预览 — the HTML as stored, which the server has sanitised; the
 * console's Content-Security-Policy (no inline script) stands behind it.
 */
import { SOFT_TEXT, SOFT_TEXT_STATUSES } from '@zb/contract/entities/content';
import { enumLabel } from '@zb/contract/resource/define';
import { Card, Empty, Tag } from 'antd';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { useResourceDetail } from '../../platform/resource/useResourceDetail';
import { RichTextInput } from './RichTextInput';

const INPUTS = { content: RichTextInput };

function Preview({ id }: { id: number }) {
  const { data } = useResourceDetail(SOFT_TEXT, id);
  const html = typeof data?.content === 'string' ? data.content : '';
  return (
    <Card
      title="预览"
      style={{ marginTop: 16 }}
      extra={data ? <Tag>{enumLabel(SOFT_TEXT_STATUSES, data.status)}</Tag> : null}
    >
      {html ? (
        <article style={{ maxWidth: 420 }}>
          <h2>{String(data?.title ?? '')}</h2>
          {/* Sanitised by the server before it was stored (modules/content/sanitize.ts). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the stored HTML is the server's allow-listed output */}
          <div data-testid="soft-text-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      ) : (
        <Empty description="暂无正文" />
      )}
    </Card>
  );
}

export default function NewSoftTextPage() {
  return <ResourceDetailPage decl={SOFT_TEXT} inputs={INPUTS} below={(id) => <Preview id={id} />} />;
}
