/** /fissionActList (裂变活动): the activities on the resource engine, with 提交审核 and 停用 per row. */
import { FISSION_ACT, FISSION_API } from '@zb/contract/entities/fission';
import { CampaignActions } from '../../platform/campaign/CampaignActions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { FISSION_INPUTS, FISSION_WORDS } from './fissionShared';

export default function FissionActListPage() {
  return (
    <ResourceListPage
      decl={FISSION_ACT}
      inputs={FISSION_INPUTS}
      rowActions={(row) => (
        <CampaignActions
          compact
          decl={FISSION_ACT}
          api={FISSION_API}
          words={FISSION_WORDS}
          row={{ id: row.id, name: String(row.name), status: String(row.status) }}
        />
      )}
    />
  );
}
