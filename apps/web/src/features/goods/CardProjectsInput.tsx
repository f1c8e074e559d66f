/** 包含项目 of a combo card: project and number of sessions. */
import type { CardProjectRow } from '@zb/contract/entities/card';
import { Form, InputNumber, Select } from 'antd';
import { RowsInput } from '../../platform/inputs/RowsInput';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProjectOptions } from './api';

type Row = Partial<CardProjectRow>;

export function CardProjectsInput({ value, onChange, disabled }: CustomInputProps) {
  const projects = useProjectOptions();
  const kind = Form.useWatch('kind', Form.useFormInstance()) as string | undefined;
  if (kind === 'stored') return <span className="zb-empty-cell">储值卡不包含项目</span>;
  return (
    <RowsInput<Row>
      value={value as Row[] | null}
      onChange={onChange}
      disabled={disabled}
      blank={() => ({ sessions: 1 })}
      addLabel="添加项目"
      emptyText="套餐卡请至少添加一个项目"
      renderRow={(row, set) => (
        <>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260 }}
            placeholder="请选择项目"
            loading={projects.isPending}
            disabled={disabled}
            value={row.projectId}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
            onChange={(projectId: number) => set({ projectId })}
          />
          <InputNumber
            aria-label="次数"
            min={1}
            max={999}
            precision={0}
            suffix="次"
            disabled={disabled}
            value={row.sessions}
            onChange={(s) => set({ sessions: s ?? undefined })}
          />
        </>
      )}
    />
  );
}
