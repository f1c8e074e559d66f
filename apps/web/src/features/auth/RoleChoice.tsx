/** The role list after sign-in: each role with its data level, name and description. */
import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { RoleEntry } from '@zb/contract/api/auth';
import { HIER_LEVELS } from '@zb/contract/constants';
import { Button } from 'antd';
import styles from './LoginPage.module.css';

const LEVEL_CLASSES: Record<string, string | undefined> = {
  [HIER_LEVELS.hq]: styles.levelHq,
  [HIER_LEVELS.region]: styles.levelRegion,
  [HIER_LEVELS.store]: styles.levelStore,
};

interface Props {
  nickname: string;
  roles: RoleEntry[];
  choosing: number | null;
  onChoose: (role: RoleEntry) => void;
  onBack: () => void;
}

export function RoleChoice({ nickname, roles, choosing, onChoose, onBack }: Props) {
  return (
    <div>
      <h2 className={styles.stepTitle}>选择角色</h2>
      <p className={styles.stepHint}>{nickname}，请选择本次登录使用的数据层级与角色</p>
      {roles.length === 0 && <p className={styles.stepHint}>该账号尚未分配角色，请联系管理员</p>}
      <ul className={styles.roles} aria-label="角色列表">
        {roles.map((role) => (
          <li key={role.userRoleId}>
            <button type="button" className={styles.role} disabled={choosing !== null} onClick={() => onChoose(role)}>
              <span className={`${styles.level} ${LEVEL_CLASSES[role.hier] ?? ''}`}>{role.hier}</span>
              <span className={styles.roleText}>
                <span className={styles.roleName}>{role.roleName}</span>
                {role.description && <span className={styles.roleDesc}>{role.description}</span>}
              </span>
              {choosing === role.userRoleId ? <LoadingOutlined /> : <RightOutlined className={styles.arrow} />}
            </button>
          </li>
        ))}
      </ul>
      <Button type="link" onClick={onBack} disabled={choosing !== null} style={{ paddingLeft: 0 }}>
        返回账号登录
      </Button>
    </div>
  );
}
