/**
 * /openPlatform (团购开放平台): each platform's app; the secret is written, never shown. 拉取评价
 * pulls the bound shops' new reviews now (the job 拉取团购评价 does it hourly; /XMDReviewReport).
 */
import { SyncOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { GROUPBUY_API, GROUPBUY_APP } from '@zb/contract/entities/groupBuy';
import { Button } from 'antd';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts';
import { call } from '../../platform/http';
import { SecretInput } from '../../platform/inputs/SecretInput';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

const INPUTS = { appSecret: SecretInput };

function PullReviewsButton() {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const r = await call(GROUPBUY_API.pullReviews);
      void showAlert(
        'success',
        r.shops === 0 ? '没有已接入平台并绑定门店的团购门店' : `拉取 ${r.shops} 家团购门店的评价，新增 ${r.added} 条`,
      );
    } catch {
      // The refusal (a platform not configured or unreachable) was alerted by the http client.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button icon={<SyncOutlined />} loading={running} onClick={() => void run()}>
      拉取评价
    </Button>
  );
}

export default function OpenPlatformPage() {
  const canEdit = useCan(buttonCodeOf('/openPlatform', 'edit'));
  return <ResourceListPage decl={GROUPBUY_APP} inputs={INPUTS} toolbar={canEdit && <PullReviewsButton />} />;
}
