import { BUTTONS, CRUD_BUTTONS, group, page } from './define';

const RULES = '风控规则';
const WATCH = '预警与名单';

export default group('YWAQ', [
  page('/useCardLimit', '用卡限制', {
    category: RULES,
    tip: '限制会员卡在异常情况下的使用',
    buttons: [...CRUD_BUTTONS, BUTTONS.enable],
  }),
  page('/earlyWarning', '风险预警', {
    category: WATCH,
    tip: '查看并处理异常开单与划卡的预警',
    buttons: [BUTTONS.edit, BUTTONS.export],
  }),
  page('/blacklistAdmin', '黑名单管理', {
    category: WATCH,
    tip: '加入黑名单的会员与手机号',
    buttons: [...CRUD_BUTTONS, BUTTONS.import],
  }),
]);
