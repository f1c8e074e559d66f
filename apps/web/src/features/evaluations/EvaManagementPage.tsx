/**
 * /evaManagement (差评处理): the 差评 in the caller's stores; 处理 opens the evaluation in a drawer
 * with the steps its state allows (分派, 回复, 关闭) and its history.
 */
import { BAD_REVIEW } from '@zb/contract/entities/evaluation';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { EvaluationView } from './EvaluationView';

export default function EvaManagementPage() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ResourceListPage
        decl={BAD_REVIEW}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row.id)}>
            处理
          </Button>
        )}
      />
      <Drawer title="差评处理" open={open !== null} size="large" onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <EvaluationView id={open} />}
      </Drawer>
    </>
  );
}
