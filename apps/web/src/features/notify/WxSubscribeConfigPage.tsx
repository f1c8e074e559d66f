/**
 * /wxSubscribeConfig (订阅消息配置): per event, the mini-program subscribe message a member who
 * accepted it is sent — its template ID, the page it opens and the text of each key. Each
 * acceptance the mini-program reports allows one message.
 */
import { WX_SUBSCRIBE } from '@zb/contract/entities/notify';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { WxFieldsInput } from './WxFieldsInput';

const INPUTS = { fields: WxFieldsInput };

export default function WxSubscribeConfigPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="会员在小程序中同意订阅后，每发生一次对应事件发送一条订阅消息并消耗一次订阅；未订阅或次数用完的会员不发送。发送记录见「微信模板消息 › 发送记录」。"
      />
      <ResourceListPage decl={WX_SUBSCRIBE} inputs={INPUTS} />
    </>
  );
}
