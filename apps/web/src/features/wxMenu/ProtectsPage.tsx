/**
 * /protects (公众号菜单): the official account's bottom menu beside a phone preview — at most 3
 * buttons, each an action (网页, 点击事件, 小程序) or a list of at most 5 sub-buttons, names within
 * WeChat's widths. 保存草稿 keeps it; 发布 sends it to WeChat, which must accept it; 恢复 goes back
 * to what was published.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { WX_MENU_API, WX_MENU_TYPES, type WxMenu, type WxMenuType } from '@zb/contract/entities/wxMenu';
import { formatDateTime } from '@zb/contract/time';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import {
  addSub,
  addTop,
  buttonAt,
  canAddSub,
  canAddTop,
  EMPTY_MENU,
  type MenuPath,
  menuProblems,
  removeAt,
  updateAt,
} from './menuModel';

const KEY = ['wxMenu'];

function Phone({ menu, chosen, onChoose }: { menu: WxMenu; chosen: MenuPath | null; onChoose: (p: MenuPath) => void }) {
  const open = chosen?.top;
  return (
    <div
      data-testid="menu-preview"
      style={{
        width: 300,
        height: 480,
        border: '1px solid #d9d9d9',
        borderRadius: 24,
        position: 'relative',
        background: '#f5f5f5',
      }}
    >
      <div style={{ textAlign: 'center', padding: 12, borderBottom: '1px solid #e8e8e8' }}>丝域养发</div>
      <div
        style={{
          position: 'absolute',
          bottom: 0,
          left: 0,
          right: 0,
          display: 'flex',
          borderTop: '1px solid #d9d9d9',
          background: '#fff',
        }}
      >
        {menu.buttons.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a menu button is its position (its name is edited in place)
          <div key={i} style={{ flex: 1, position: 'relative' }}>
            {open === i && b.sub.length > 0 && (
              <div
                style={{
                  position: 'absolute',
                  bottom: 44,
                  left: 4,
                  right: 4,
                  background: '#fff',
                  border: '1px solid #d9d9d9',
                }}
              >
                {b.sub.map((s, j) => (
                  <Button
                    // biome-ignore lint/suspicious/noArrayIndexKey: a sub-button is its position
                    key={j}
                    type={chosen?.sub === j ? 'primary' : 'text'}
                    block
                    size="small"
                    onClick={() => onChoose({ top: i, sub: j })}
                  >
                    {s.name}
                  </Button>
                ))}
              </div>
            )}
            <Button
              type={open === i && chosen?.sub === undefined ? 'primary' : 'text'}
              block
              style={{ height: 44, borderRadius: 0 }}
              onClick={() => onChoose({ top: i })}
            >
              {b.sub.length > 0 ? `≡ ${b.name}` : b.name}
            </Button>
          </div>
        ))}
      </div>
    </div>
  );
}

function ButtonEditor({
  menu,
  path,
  onChange,
  onRemove,
  onAddSub,
  disabled,
}: {
  menu: WxMenu;
  path: MenuPath;
  onChange: (m: WxMenu) => void;
  onRemove: () => void;
  onAddSub: () => void;
  disabled: boolean;
}) {
  const b = buttonAt(menu, path);
  if (!b) return <Empty description="在左侧选择一个菜单进行编辑" />;
  const isTop = path.sub === undefined;
  const hasSubs = isTop && (menu.buttons[path.top]?.sub.length ?? 0) > 0;
  const set = (patch: Record<string, unknown>) => onChange(updateAt(menu, path, patch));
  return (
    <Form layout="vertical" disabled={disabled}>
      <Form.Item
        label={isTop ? '菜单名称' : '子菜单名称'}
        help={isTop ? '最多 4 个汉字或 8 个字母' : '最多 8 个汉字或 16 个字母'}
      >
        <Input aria-label="菜单名称" value={b.name} onChange={(e) => set({ name: e.target.value })} />
      </Form.Item>
      {hasSubs ? (
        <Alert
          type="info"
          showIcon
          title="此菜单含子菜单，点击时展开子菜单，没有自己的动作"
          style={{ marginBottom: 16 }}
        />
      ) : (
        <>
          <Form.Item label="菜单动作">
            <Select<WxMenuType>
              aria-label="菜单动作"
              value={b.type}
              options={WX_MENU_TYPES.map((t) => ({ value: t.value, label: t.label }))}
              onChange={(type) => set({ type })}
            />
          </Form.Item>
          {b.type === 'click' && (
            <Form.Item label="事件 KEY" help="用户点击时推送给公众号服务器的 KEY">
              <Input aria-label="事件 KEY" value={b.key ?? ''} onChange={(e) => set({ key: e.target.value })} />
            </Form.Item>
          )}
          {b.type === 'miniprogram' && (
            <>
              <Form.Item label="小程序 AppID">
                <Input
                  aria-label="小程序 AppID"
                  value={b.appid ?? ''}
                  onChange={(e) => set({ appid: e.target.value })}
                />
              </Form.Item>
              <Form.Item label="小程序页面路径">
                <Input
                  aria-label="小程序页面路径"
                  value={b.pagepath ?? ''}
                  onChange={(e) => set({ pagepath: e.target.value })}
                />
              </Form.Item>
            </>
          )}
          {(b.type === 'view' || b.type === 'miniprogram') && (
            <Form.Item
              label={b.type === 'view' ? '网页地址' : '备用网页'}
              help={b.type === 'miniprogram' ? '不支持小程序的旧版微信打开此网页' : undefined}
            >
              <Input aria-label="网页地址" value={b.url ?? ''} onChange={(e) => set({ url: e.target.value })} />
            </Form.Item>
          )}
        </>
      )}
      <Space>
        {isTop && (
          <Button icon={<PlusOutlined />} disabled={disabled || !canAddSub(menu, path.top)} onClick={onAddSub}>
            添加子菜单
          </Button>
        )}
        <Popconfirm
          title={isTop ? '删除此菜单及其子菜单？' : '删除此子菜单？'}
          onConfirm={onRemove}
          disabled={disabled}
        >
          <Button danger>删除</Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}

export default function ProtectsPage() {
  const canEdit = useCan(buttonCodeOf('/protects', 'edit'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => call(WX_MENU_API.get) });
  const [menu, setMenu] = useState<WxMenu>(EMPTY_MENU);
  const [chosen, setChosen] = useState<MenuPath | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (q.data) setMenu(q.data.draft ?? q.data.published ?? EMPTY_MENU);
  }, [q.data]);
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const d = q.data;
  const problems = menuProblems(menu);
  const send = async (what: 'save' | 'publish') => {
    setBusy(true);
    try {
      const r = await call(what === 'save' ? WX_MENU_API.save : WX_MENU_API.publish, { body: menu });
      queryClient.setQueryData(KEY, r);
      void message.success(what === 'save' ? '菜单草稿已保存' : '菜单已发布到公众号');
    } catch {
      // The refusal (WeChat's, or a rule) was shown by the call's alert.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Typography.Text>
          {d.publishedAt
            ? `当前公众号菜单于 ${formatDateTime(d.publishedAt)} 由 ${d.publishedByName ?? '系统'} 发布`
            : '公众号菜单尚未发布'}
          {d.draftSavedAt && ` ；草稿保存于 ${formatDateTime(d.draftSavedAt)}`}
        </Typography.Text>
      </Card>
      <Row gutter={16}>
        <Col flex="340px">
          <Card
            title="预览"
            extra={
              canEdit &&
              canAddTop(menu) && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    setMenu(addTop(menu));
                    setChosen({ top: menu.buttons.length });
                  }}
                >
                  添加菜单
                </Button>
              )
            }
          >
            <Phone menu={menu} chosen={chosen} onChoose={setChosen} />
          </Card>
        </Col>
        <Col flex="auto">
          <Card title="菜单设置">
            {chosen ? (
              <ButtonEditor
                menu={menu}
                path={chosen}
                disabled={!canEdit}
                onChange={setMenu}
                onRemove={() => {
                  setMenu(removeAt(menu, chosen));
                  setChosen(null);
                }}
                onAddSub={() => {
                  const next = addSub(menu, chosen.top);
                  setMenu(next);
                  setChosen({ top: chosen.top, sub: next.buttons[chosen.top]!.sub.length - 1 });
                }}
              />
            ) : (
              <Empty description="在左侧选择一个菜单进行编辑" />
            )}
            {problems.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 16 }}
                title="菜单还不能保存或发布"
                description={
                  <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="menu-problems">
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {canEdit && (
              <Space style={{ marginTop: 16 }}>
                <Button loading={busy} disabled={problems.length > 0} onClick={() => void send('save')}>
                  保存草稿
                </Button>
                <Popconfirm title="发布后约 5 分钟内对全部关注者生效，确定发布吗？" onConfirm={() => send('publish')}>
                  <Button type="primary" loading={busy} disabled={problems.length > 0}>
                    发布
                  </Button>
                </Popconfirm>
                <Button
                  disabled={!d.published}
                  onClick={() => {
                    setMenu(d.published ?? EMPTY_MENU);
                    setChosen(null);
                  }}
                >
                  恢复为已发布
                </Button>
              </Space>
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
