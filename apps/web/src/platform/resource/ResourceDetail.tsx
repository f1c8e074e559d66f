/**
 * View, edit and create in one place: the detail page and the drawer both render this. `id` null
 * means create; `editing` switches the row between reading and its form.
 */
import type { AnyResource } from '@zb/contract/resource/define';
import { Button, Result, Skeleton, Space } from 'antd';
import { ResourceForm } from './ResourceForm';
import { ResourceView } from './ResourceView';
import { useResourceActions } from './useResourceActions';
import { useResourceDetail } from './useResourceDetail';

interface Props {
  decl: AnyResource;
  id: number | null;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  /** After a save: the id saved (a new row's id after create). */
  onSaved: (id: number) => void;
  /** Leaving the form without saving (create: close; edit: back to reading). */
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

export function ResourceDetail({ decl, id, editing, onEdit, onSaved, onCancel, onDirtyChange }: Props) {
  const actions = useResourceActions(decl);
  const detail = useResourceDetail(decl, id);

  if (id === null) {
    if (!actions.can.create) return <Result status="403" subTitle={`您没有新增${decl.title}的权限`} />;
    return (
      <ResourceForm
        decl={decl}
        row={null}
        onSubmit={(v) => actions.save(null, v)}
        onDone={onSaved}
        onCancel={onCancel}
        onDirtyChange={onDirtyChange}
      />
    );
  }
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!detail.data) return <Result status="404" subTitle={`该${decl.title}不存在或已被删除`} />;

  if (editing && actions.can.update) {
    return (
      <ResourceForm
        key={`${id}-${detail.dataUpdatedAt}`}
        decl={decl}
        row={detail.data}
        onSubmit={(v) => actions.save(id, v)}
        onDone={onSaved}
        onCancel={onCancel}
        onDirtyChange={onDirtyChange}
      />
    );
  }
  return (
    <>
      <ResourceView decl={decl} row={detail.data} />
      {actions.can.update && (
        <Space>
          <Button type="primary" onClick={() => onEdit(true)}>
            编辑
          </Button>
        </Space>
      )}
    </>
  );
}
