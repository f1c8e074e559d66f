/** Renders the alert queue of alerts.ts as one antd Modal at a time; Enter confirms, Esc cancels. */
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { type AlertKind, closeAlert, currentAlert, subscribeAlerts } from './alerts';

const ICONS: Record<AlertKind, React.ReactNode> = {
  error: <CloseCircleFilled style={{ color: 'var(--ant-color-error, #ff4d4f)' }} />,
  warning: <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning, #faad14)' }} />,
  success: <CheckCircleFilled style={{ color: 'var(--ant-color-success, #52c41a)' }} />,
};

export function AlertHost() {
  const item = useSyncExternalStore(subscribeAlerts, currentAlert);

  useEffect(() => {
    if (!item) return;
    // Capture phase, so Enter neither clicks a focused button behind nor submits a form twice.
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        closeAlert(item.id, true);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        closeAlert(item.id, false);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [item]);

  return (
    <Modal
      open={!!item}
      width={420}
      centered
      keyboard={false}
      closable={false}
      mask={{ closable: false }}
      title={
        item && (
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {ICONS[item.kind]}
            {item.title}
          </span>
        )
      }
      footer={
        item && [
          item.cancellable ? (
            <Button key="cancel" onClick={() => closeAlert(item.id, false)}>
              取消
            </Button>
          ) : null,
          <Button key="ok" type="primary" onClick={() => closeAlert(item.id, true)}>
            确定
          </Button>,
        ]
      }
    >
      <div data-testid="alert-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {item?.text}
      </div>
    </Modal>
  );
}
