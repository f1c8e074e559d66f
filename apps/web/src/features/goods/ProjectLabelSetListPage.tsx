/**
 * /projectLabelSetList (项目标签): the labels with how many projects carry each, on the resource
 * engine; 上移/下移 in a row and 设置标签 (labels onto or off many projects at once) for a user
 * with the page's 编辑 button.
 */
import { TagsOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { PROJECT_LABEL } from '@zb/contract/entities/projectLabel';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/permissions';
import { MoveButtons, useMoveRow } from '../../platform/resource/MoveButtons';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { moveLabel } from './api';
import { LabelAssignModal } from './LabelAssignModal';

const EDIT = buttonCodeOf(PROJECT_LABEL.page, 'edit');

export default function ProjectLabelSetListPage() {
  const canEdit = useCan(EDIT);
  const [assigning, setAssigning] = useState(false);
  const { moving, run } = useMoveRow(PROJECT_LABEL, moveLabel);

  return (
    <>
      <ResourceListPage
        decl={PROJECT_LABEL}
        toolbar={
          canEdit && (
            <Button icon={<TagsOutlined />} onClick={() => setAssigning(true)}>
              设置标签
            </Button>
          )
        }
        rowActions={(row) =>
          canEdit && (
            <MoveButtons id={row.id} name={String(row.name)} moving={moving} onMove={(id, dir) => void run(id, dir)} />
          )
        }
      />
      <LabelAssignModal open={assigning} onClose={() => setAssigning(false)} />
    </>
  );
}
