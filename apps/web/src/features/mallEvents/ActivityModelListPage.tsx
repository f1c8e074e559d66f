/**
 * /activityModelList (活动模板): the templates a new 商城活动 starts from; 用模板新建 makes a 草稿
 * event from one (for whoever holds /mallEventsDetail's 编辑) and opens it to finish.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ACTIVITY_MODEL, ACTIVITY_MODEL_API, MALL_EVENT } from '@zb/contract/entities/mallEvent';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { detailUrl, ResourceListPage } from '../../platform/resource/ResourceListPage';
import { MODEL_INPUTS } from './MallEventItemsInput';

function StartButton({ id, name }: { id: number; name: string }) {
  const can = useCan(buttonCodeOf('/mallEventsDetail', 'edit'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  if (!can) return null;
  const start = async () => {
    if (!(await confirm(`用模板「${name}」新建一个商城活动草稿？活动从明天开始，商品按模板折扣定价。`))) return;
    try {
      const r = await call(ACTIVITY_MODEL_API.start, { body: { id } });
      void message.success(`已新建商城活动 ${r.code}（草稿）`);
      navigate(detailUrl(MALL_EVENT, r.id, true));
    } catch {
      // The refusal was alerted by the http layer.
    }
  };
  return (
    <Button type="link" size="small" onClick={start}>
      用模板新建
    </Button>
  );
}

export default function ActivityModelListPage() {
  return (
    <ResourceListPage
      decl={ACTIVITY_MODEL}
      inputs={MODEL_INPUTS}
      rowActions={(row) => <StartButton id={row.id} name={String(row.name)} />}
    />
  );
}
