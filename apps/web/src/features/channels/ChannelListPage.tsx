/** /channelList (推广渠道): the promotion channels on the resource engine, with their codes' figures. */
import { CHANNEL } from '@zb/contract/entities/channel';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ChannelListPage() {
  return <ResourceListPage decl={CHANNEL} />;
}
