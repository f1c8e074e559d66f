/**
 * /projectLabelSetList (项目标签): the labels with how many projects carry each, on the resource
 * engine; 上移/下移 in a row and 设置标签 (labels onto or off many projects at once) for a user
 * with the page's 编辑 button.
 */
import { ArrowDownOutlined, ArrowUpOutlined, TagsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { PROJECT_LABEL } from '@zb/contract/entities/projectLabel';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../platform/permissions';
import { invalidateAfterWrite } from '../../platform/queryClient';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { moveLabel } from './api';
import { LabelAssignModal } from './LabelAssignModal';

const EDIT = buttonCodeOf(PROJECT_LABEL.page, 'edit');

export default function ProjectLabelSetListPage() {
  const canEdit = useCan(EDIT);
  const client = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const [moving, setMoving] = useState<number | null>(null);

  const move = async (row: RowOf<typeof PROJECT_LABEL>, dir: 'up' | 'down') => {
    setMoving(row.id);
    try {
      await moveLabel(row.id, dir);
      await invalidateAfterWrite(client, PROJECT_LABEL);
    } catch {
      // The alert already said why.
    } finally {
      setMoving(null);
    }
  };

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
            <>
              <Button
                type="link"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={`上移${row.name}`}
                loading={moving === row.id}
                onClick={() => void move(row, 'up')}
              />
              <Button
                type="link"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`下移${row.name}`}
                disabled={moving === row.id}
                onClick={() => void move(row, 'down')}
              />
            </>
          )
        }
      />
      <LabelAssignModal open={assigning} onClose={() => setAssigning(false)} />
    </>
  );
}
