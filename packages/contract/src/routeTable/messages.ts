import { BUTTONS, CRUD_BUTTONS, detail, group, page } from './define';

const MESSAGES = '消息';
const TASKS = '任务';
const NOTICES = '盘点通知';

export default group('ZBHT-XXZX', [
  page('/messageList', '消息列表', {
    category: MESSAGES,
    tip: '向门店发送消息并查看各门店阅读情况',
    keepAlive: true,
    buttons: [BUTTONS.add, BUTTONS.edit, BUTTONS.delete],
  }),
  detail('/messageDetail', '消息详情', { of: '/messageList' }),
  page('/taskList', '任务列表', {
    category: TASKS,
    tip: '向门店下发任务并跟踪完成情况',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  page('/inventoryNotice', '盘点通知', {
    category: NOTICES,
    tip: '通知门店按时盘点并查看回执',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/inventoryNoticeDetail', '盘点通知详情', { of: '/inventoryNotice' }),
  detail('/taskDetail', '任务详情', { of: '/taskList' }),
  detail('/taskTemplete', '任务模板', { of: '/taskList' }),
]);
