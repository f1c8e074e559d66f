import { BUTTONS, detail, group, page } from './define';

const LOGS = '日志';
const CENTERS = '下载与通知';
const TOOLS = '运维工具';

const EXPORT = [BUTTONS.export];

export default group('ZBHT-XTYW', [
  page('/systemLog', '系统日志', { category: LOGS, tip: '登录、登出与系统异常记录', buttons: EXPORT }),
  page('/operationLog', '操作日志', { category: LOGS, tip: '谁在何时修改了什么', buttons: EXPORT }),
  page('/shrUserLog', 'SHR同步日志', { category: LOGS, tip: 'SHR 人事系统的员工同步记录', buttons: EXPORT }),
  page('/apiLog', '接口日志', { category: LOGS, tip: '对外接口的调用记录', buttons: EXPORT }),
  page('/downloadhistory', '下载中心', { category: CENTERS, tip: '下载已导出的报表文件', open: true }),
  page('/accountInfoList', '账号信息', { category: LOGS, tip: '各系统账号的开通与状态', buttons: EXPORT }),
  page('/taskCenterBoss', '付款通知中心', {
    category: CENTERS,
    tip: '查看欠款与付款通知',
    keepAlive: true,
    open: true,
  }),
  detail('/taskCenterDetailBoss', '付款通知详情', { of: '/taskCenterBoss', open: true }),
  page('/configUtils', '配置工具', { category: TOOLS, tip: '刷新缓存与修正配置的工具', buttons: [BUTTONS.edit] }),
  page('/schedule', '定时任务', {
    category: TOOLS,
    tip: '查看定时任务并手动执行',
    buttons: [BUTTONS.edit, BUTTONS.enable],
  }),
  page('/umsMemberSwitchRecord', '会员切换记录', {
    category: LOGS,
    tip: '会员账户在 UMS 中的切换记录',
    buttons: EXPORT,
  }),
]);
