/** The detail of an entity without a detail page: view, edit and create in a drawer. */
import type { AnyResource } from '@zb/contract/resource/define';
import { Drawer } from 'antd';
import { useRef } from 'react';
import { confirmLeave } from '../alerts';
import { ResourceDetail } from './ResourceDetail';

export type DrawerState = { id: number | null; editing: boolean } | null;

interface Props {
  decl: AnyResource;
  state: DrawerState;
  onChange: (state: DrawerState) => void;
}

export function ResourceDrawer({ decl, state, onChange }: Props) {
  const dirty = useRef(false);
  const close = async () => {
    if (await confirmLeave(dirty.current)) {
      dirty.current = false;
      onChange(null);
    }
  };
  const title =
    state === null
      ? ''
      : state.id === null
        ? `新增${decl.title}`
        : state.editing
          ? `编辑${decl.title}`
          : `${decl.title}详情`;
  return (
    <Drawer open={state !== null} title={title} size="large" destroyOnHidden onClose={close}>
      {state && (
        <ResourceDetail
          decl={decl}
          id={state.id}
          editing={state.editing}
          onEdit={(editing) => onChange({ ...state, editing })}
          onSaved={(id) => onChange({ id, editing: false })}
          onCancel={() => onChange(state.id === null ? null : { ...state, editing: false })}
          onDirtyChange={(d) => {
            dirty.current = d;
          }}
        />
      )}
    </Drawer>
  );
}
