import { CRUD_BUTTONS, detail, group, page } from './define';

const STAFF = '员工';
const ORG = '组织与角色';

export default group('ZBHT-YGGL', [
  page('/staffManager', '员工列表', {
    category: STAFF,
    tip: '门店员工的档案、岗位与在职状态',
    keepAlive: true,
    buttons: CRUD_BUTTONS,
  }),
  detail('/staffDetail', '员工详情', { of: '/staffManager' }),
  page('/increaseHairStaff', '增发师管理', {
    category: STAFF,
    tip: '具备增发资质的员工名单',
    buttons: CRUD_BUTTONS,
  }),
  page('/medicalSupervisor', '医务监督', {
    category: STAFF,
    tip: '各门店的医务监督人员',
    buttons: CRUD_BUTTONS,
  }),
  page('/hierarchicalArchitecture', '层级架构', {
    category: ORG,
    tip: '总部、大区、门店的层级与成员',
    buttons: CRUD_BUTTONS,
  }),
  page('/hierarchicalRoles', '层级角色', {
    category: ORG,
    tip: '各层级下的角色、成员与页面权限',
    buttons: CRUD_BUTTONS,
  }),
]);
