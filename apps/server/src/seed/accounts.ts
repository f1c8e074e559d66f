/** The demo accounts: printed at start, listed in the README, seeded by demo.ts. */

export interface DemoAccount {
  login: string;
  password: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { login: 'admin', password: 'admin123', description: '系统管理员：全部菜单与按钮' },
  {
    login: '13800000001',
    password: 'hq123456',
    description: '张敏：两个角色——总部运营（总部）与大区督导（华南大区），菜单各不相同',
  },
  { login: '13800000002', password: 'region123', description: '李强：大区经理（华东大区），数据范围为华东大区的门店' },
  {
    login: '13800000003',
    password: 'boss1234',
    description: '王建国：杭州西湖店老板，无总部权限，登录提示可申请老板权限（LOGIN-51005）',
  },
  { login: 'SYYG0001', password: 'store123', description: '门店员工：登录页提示“请使用手机号登录”' },
  {
    login: '13800000005',
    password: 'boss1234',
    description: '王丽：广州天河店老板，无总部权限，可申请老板权限（用于演示审批驳回）',
  },
  {
    login: '13800000006',
    password: 'boss1234',
    description: '赵磊：深圳南山店老板，老板权限申请被驳回后再次申请，待审批',
  },
  { login: '13800000007', password: 'boss1234', description: '孙悦：北京海淀店老板，老板权限申请已通过，尚未授权登录' },
  {
    login: '13800000008',
    password: 'boss1234',
    description: '周涛：成都锦江店老板，老板权限申请已通过并已授权登录，现为该店店长',
  },
];

export const demoPassword = (login: string): string => {
  const account = DEMO_ACCOUNTS.find((a) => a.login === login);
  if (!account) throw new Error(`no demo account ${login}`);
  return account.password;
};

/** The demo accounts as printed at start. */
export const formatDemoAccounts = (): string =>
  [
    '演示账号：',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.login.padEnd(12)} / ${a.password.padEnd(10)} ${a.description}`),
  ].join('\n');
