/**
 * The buttons of a record's flow (contract flow.ts): exactly the steps `stepsFrom` allows a console
 * user from the record's state, each shown only to holders of its button on the flow's page. A
 * step with a reason asks for it (required or optional), a step with `confirm` asks first. The
 * server runs the same declaration, so a refusal (someone acted first: STATE_CHANGED) is alerted
 * by the http layer and the record is read again.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { type FlowDecl, type FlowStep, stepsFrom } from '@zb/contract/flow';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';

export interface FlowButtonsProps {
  flow: FlowDecl;
  state: string;
  /** Runs a step; the buttons stay busy until it settles. */
  run: (step: string, reason: string) => Promise<unknown>;
  /** Steps this page does not offer (run elsewhere). */
  hide?: readonly string[];
}

export function FlowButtons({ flow, state, run, hide = [] }: FlowButtonsProps) {
  const has = useButtons();
  const [asking, setAsking] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const steps = flow.steps as Record<string, FlowStep<string>>;
  const shown = stepsFrom(flow, state, 'console').filter((k) => {
    const s = steps[k]!;
    return !hide.includes(k) && (!s.button || has(buttonCodeOf(flow.page, s.button)));
  });

  const go = async (key: string, why: string) => {
    setBusy(true);
    try {
      await run(key, why);
      setAsking(null);
    } catch {
      // Alerted by the http layer; the caller reads the record again.
    } finally {
      setBusy(false);
    }
  };

  const start = async (key: string) => {
    const s = steps[key]!;
    if (s.reason) {
      setReason('');
      setError(null);
      setAsking(key);
      return;
    }
    if (s.confirm && !(await confirm(s.confirm))) return;
    await go(key, '');
  };

  const current = asking ? steps[asking] : undefined;
  return (
    <Space>
      {shown.map((k) => (
        <Button
          key={k}
          type={k === shown[0] ? 'primary' : 'default'}
          danger={steps[k]!.reason === 'required' && shown.length > 1 && k !== shown[0]}
          loading={busy && asking === null}
          onClick={() => start(k)}
        >
          {steps[k]!.label}
        </Button>
      ))}
      {asking && current && (
        <Modal
          title={current.label}
          open
          okText={`确定${current.label}`}
          confirmLoading={busy}
          onCancel={() => setAsking(null)}
          onOk={async () => {
            const why = reason.trim();
            if (current.reason === 'required' && !why) return setError(`请填写${current.label}的原因`);
            if (current.confirm && !(await confirm(current.confirm))) return;
            await go(asking, why);
          }}
          destroyOnHidden
        >
          <Input.TextArea
            aria-label={`${current.label}原因`}
            placeholder={current.reason === 'required' ? '请填写原因' : '原因（选填）'}
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Modal>
      )}
    </Space>
  );
}
