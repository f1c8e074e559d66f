import { BUTTONS, group, page } from './define';

export default group('ZBHT-SPZX', [
  page('/approvalCenter', '审批中心', {
    category: '审批',
    tip: '处理待我审批的订货、退款、迁移与活动',
    keepAlive: true,
    buttons: [BUTTONS.audit, BUTTONS.export],
  }),
]);
