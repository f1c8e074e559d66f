/**
 * 设置标签 of /projectLabelSetList: pick projects and labels, then add the labels to every project
 * or remove them from every project, in one call. The server's field errors land on their fields.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  type AssignLabels,
  assignLabelsBody,
  LABEL_ASSIGN_MODES,
  PROJECT_LABEL,
} from '@zb/contract/entities/projectLabel';
import { ERR } from '@zb/contract/errcodes';
import { Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { zodRule } from '../../platform/formRules';
import { invalidateAfterWrite } from '../../platform/queryClient';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { assignLabels, useLabelChoices, useProjectOptions } from './api';
import { goodsLabel } from './GoodsSelect';

const shape = assignLabelsBody.shape;

export function LabelAssignModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AssignLabels>();
  const projects = useProjectOptions();
  const labels = useLabelChoices(open);
  const mode = Form.useWatch('mode', form);
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await assignLabels(values);
      await invalidateAfterWrite(client, PROJECT_LABEL);
      form.resetFields();
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([name, msg]) => ({ name: name as keyof AssignLabels, errors: [msg] })),
        );
      } else if (isApiError(e) && e.errcode === ERR.PARAM_INVALID) {
        // Handled here, so no alert went up: say it once.
        void showAlert('error', e.errmsg);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="批量设置项目标签"
      open={open}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ mode: 'add', projectIds: [], labelIds: [] }}>
        <Form.Item name="mode" label="操作" rules={[zodRule(shape.mode)]}>
          <Radio.Group options={LABEL_ASSIGN_MODES.map((m) => ({ value: m.value, label: m.label }))} />
        </Form.Item>
        <Form.Item name="projectIds" label="项目" required rules={[zodRule(shape.projectIds)]}>
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择项目，可多选"
            loading={projects.isPending}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: goodsLabel(p) }))}
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item name="labelIds" label="标签" required rules={[zodRule(shape.labelIds)]}>
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择标签，可多选"
            loading={labels.isPending}
            options={(labels.data ?? []).map((l) => ({
              value: l.id,
              label: l.enabled ? l.name : `${l.name}（停用）`,
              // A disabled label may be removed from projects, not added to them.
              disabled: mode === 'add' && !l.enabled,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
