/**
 * /drawLimitConfig (项目消耗限制): the most sessions of a project one member may draw on cards per
 * day and per month, on the resource engine. The card ledger refuses a draw past a limit and the
 * whole bill with it.
 */
import { DRAW_LIMIT } from '@zb/contract/entities/billConfig';
import { Alert } from 'antd';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function DrawLimitConfigPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="按会员划卡消耗的项目次数计（扣除已退次数），日、月按北京时间；超出限制的划卡整单拒收。"
      />
      <ResourceListPage decl={DRAW_LIMIT} />
    </>
  );
}
