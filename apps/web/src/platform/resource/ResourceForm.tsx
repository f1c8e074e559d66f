/**
 * Create and edit in one form: the writable fields by section, each checked with the contract's
 * schema as the user types, field errors from the server put back on their fields, and 确认关闭？
 * before leaving with unsaved changes (also when the tab is closed).
 */
import type { ResourceRow } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { createDefaults, fieldSchema } from '@zb/contract/resource/schemas';
import { Button, Col, Divider, Form, Row, Space } from 'antd';
import { useContext, useEffect, useState } from 'react';
import { confirmLeave } from '../alerts';
import { CustomInputsContext } from './customInputs';
import { fieldInput, itemPropsOf, ruleOf } from './FieldInput';
import { sectionsOf } from './sections';
import type { SaveOutcome } from './useResourceActions';

interface Props {
  decl: AnyResource;
  /** The row being edited; null to create. */
  row: ResourceRow | null;
  onSubmit: (values: Record<string, unknown>) => Promise<SaveOutcome>;
  onDone: (id: number) => void;
  onCancel: () => void;
  /** Told whenever the form becomes dirty or clean (a drawer asks before closing on ✕). */
  onDirtyChange?: (dirty: boolean) => void;
}

export function ResourceForm({ decl, row, onSubmit, onDone, onCancel, onDirtyChange }: Props) {
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const creating = row === null;
  const custom = useContext(CustomInputsContext);

  useEffect(() => {
    onDirtyChange?.(dirty);
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, onDirtyChange]);

  // A create-only write-only field (an initial password) is not in the edit form; another
  // write-only one (a key) is, empty, and left empty keeps what is stored.
  const sections = sectionsOf(decl, (f) => !f.readOnly && (creating || !(f.writeOnly && f.createOnly)));

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const outcome = await onSubmit(values);
      if (outcome.ok) {
        setDirty(false);
        onDone(outcome.id);
      } else if (outcome.fields) {
        form.setFields(Object.entries(outcome.fields).map(([name, msg]) => ({ name, errors: [msg] })));
      }
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    if (await confirmLeave(dirty)) onCancel();
  };

  return (
    <Form
      form={form}
      name={`${decl.name}-form`}
      layout="vertical"
      initialValues={creating ? createDefaults(decl) : row}
      onValuesChange={() => setDirty(true)}
      onFinish={submit}
      aria-label={`${creating ? '新增' : '编辑'}${decl.title}`}
    >
      {sections.map((s) => (
        <div key={s.title ?? 'main'}>
          {s.title && <Divider titlePlacement="start">{s.title}</Divider>}
          <Row gutter={24}>
            {s.fields.map(([key, f]) => {
              const locked = !creating && !!f.createOnly;
              const Custom = custom[key];
              return (
                <Col key={key} xs={24} md={f.type === 'textarea' || f.type === 'images' || f.type === 'json' ? 24 : 12}>
                  <Form.Item
                    name={key}
                    label={f.label}
                    extra={f.help}
                    rules={locked ? [] : [ruleOf(fieldSchema(f), !!f.required)]}
                    {...itemPropsOf(f)}
                  >
                    {Custom ? <Custom field={f} disabled={locked} /> : fieldInput(f, locked)}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </div>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button onClick={cancel}>取消</Button>
      </Space>
    </Form>
  );
}
