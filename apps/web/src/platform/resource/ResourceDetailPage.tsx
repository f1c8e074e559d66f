/**
 * The detail page of a declared entity (e.g. /accountDetail): ?id=N reads the row, &edit=1 edits
 * it, ?create=1 creates one. After a create the page shows the new row.
 */
import type { AnyResource } from '@zb/contract/resource/define';
import { Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type CustomInputs, CustomInputsContext } from './customInputs';
import { ResourceDetail } from './ResourceDetail';
import { detailUrl } from './ResourceListPage';

const NO_INPUTS: CustomInputs = {};

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function ResourceDetailPage({
  decl,
  inputs,
  below,
}: {
  decl: AnyResource;
  inputs?: CustomInputs;
  /** What the page shows under an existing row (not while creating one), e.g. a store's stock. */
  below?: (id: number) => ReactNode;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(search);
  const creating = q.get('create') === '1';
  const id = idOf(q.get('id'));
  if (!creating && id === null) return <Result status="404" subTitle={`请从${decl.title}列表打开详情`} />;

  return (
    <CustomInputsContext.Provider value={inputs ?? NO_INPUTS}>
      <Card title={creating ? `新增${decl.title}` : `${decl.title}详情`}>
        <ResourceDetail
          decl={decl}
          id={creating ? null : id}
          editing={creating || q.get('edit') === '1'}
          onEdit={(edit) => navigate(detailUrl(decl, id, edit), { replace: true })}
          onSaved={(saved) => navigate(detailUrl(decl, saved), { replace: true })}
          onCancel={() => (creating ? navigate(decl.page) : navigate(detailUrl(decl, id), { replace: true }))}
        />
      </Card>
      {below && !creating && id !== null ? below(id) : null}
    </CustomInputsContext.Provider>
  );
}
