/**
 * /storeLevel (门店等级): the store levels (the lookup 适用门店 and 跨级划卡 read) with how many
 * stores, card products and cross-level rules use each. Anyone signed in reads them; a user with
 * /basicProps's buttons adds, renames, reorders (上移/下移), disables and deletes them — the server
 * refuses deleting or disabling a level in use and says what uses it.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { STORE_LEVEL } from '@zb/contract/entities/billConfig';
import { Alert } from 'antd';
import { useCan } from '../../platform/permissions';
import { MoveButtons, useMoveRow } from '../../platform/resource/MoveButtons';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { moveStoreLevel } from './api';

const EDIT = buttonCodeOf('/basicProps', 'edit');

export default function StoreLevelPage() {
  const canEdit = useCan(EDIT);
  const { moving, run } = useMoveRow(STORE_LEVEL, moveStoreLevel);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="门店、卡项适用门店或跨级划卡规则正在使用的等级不能删除或停用；门店等级的修改需要「基础属性」的编辑权限。"
      />
      <ResourceListPage
        decl={STORE_LEVEL}
        rowActions={(row) =>
          canEdit && (
            <MoveButtons id={row.id} name={String(row.name)} moving={moving} onMove={(id, dir) => void run(id, dir)} />
          )
        }
      />
    </>
  );
}
