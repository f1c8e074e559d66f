/**
 * /homepageManagement (小程序首页配置): the draft of the mini-program's home page — notice,
 * banners, navigation icons, recommended goods — edited on the left and previewed in a phone on
 * the right as the members will see it. Items are ordered by dragging (or 上移/下移). 保存草稿
 * keeps it (the server checks it whole and names the item at fault); 发布 puts the saved draft
 * online as the next version; 放弃修改 returns to the published version; 发布记录 lists the
 * versions, any of which can be brought back as the draft.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { GOODS_REF_API } from '@zb/contract/entities/goodsRef';
import {
  HOME_BANNERS_MAX,
  HOME_GOODS_KINDS,
  HOME_GOODS_MAX,
  HOME_LINK_KINDS,
  HOME_NAV_TITLE_MAX,
  HOME_NAVS_MAX,
  HOME_NOTICE_MAX,
  HOME_TITLE_MAX,
  HOMEPAGE_API,
  type HomeLink,
  type HomeState,
  type HomeVersionRow,
} from '@zb/contract/entities/homepage';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { Alert, App, Button, Card, Col, Drawer, Empty, Input, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { type DragEvent, type ReactNode, useEffect, useState } from 'react';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { ImageUpload } from '../../platform/inputs/ImageUpload';
import { useCan } from '../../platform/permissions';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';
import { type EditDoc, fieldPlace, keyed, moveItem, newBanner, newNav, toDoc, toEdit } from './homeModel';

const STATE_KEY = ['homepage', 'state'] as const;
const HANDLED = [ERR.PARAM_INVALID];

type Goods = { id: number; name: string; price: number | null; usable: boolean };

/** The goods and 软文 a link or a recommendation may name, by kind. */
const usePickables = () => {
  const products = useQuery({
    queryKey: ['homepage', 'goods', 'product'],
    queryFn: () => call(GOODS_REF_API.options, { query: { kind: 'product' } }),
  });
  const projects = useQuery({
    queryKey: ['homepage', 'goods', 'project'],
    queryFn: () => call(GOODS_REF_API.options, { query: { kind: 'project' } }),
  });
  const texts = useQuery({ queryKey: ['homepage', 'softTexts'], queryFn: () => call(HOMEPAGE_API.softTexts) });
  const of = (kind: string): Goods[] =>
    kind === 'product'
      ? (products.data ?? []).map((g) => ({
          id: g.id,
          name: g.name,
          price: g.price ?? null,
          usable: g.status === 'on',
        }))
      : kind === 'project'
        ? (projects.data ?? []).map((g) => ({
            id: g.id,
            name: g.name,
            price: g.price ?? null,
            usable: g.status === 'on',
          }))
        : kind === 'softText'
          ? (texts.data ?? []).map((t) => ({ id: t.id, name: t.name, price: null, usable: true }))
          : [];
  return of;
};

function LinkEditor({
  value,
  onChange,
  of,
  disabled,
}: {
  value: HomeLink;
  onChange: (l: HomeLink) => void;
  of: (kind: string) => Goods[];
  disabled: boolean;
}) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label="跳转类型"
        style={{ width: 100 }}
        disabled={disabled}
        value={value.kind}
        options={HOME_LINK_KINDS.map((k) => ({ value: k.value, label: k.label }))}
        onChange={(kind) => onChange({ kind, targetId: null, url: null })}
      />
      {value.kind === 'url' ? (
        <Input
          aria-label="网址"
          disabled={disabled}
          placeholder="https://"
          maxLength={300}
          value={value.url ?? ''}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
        />
      ) : value.kind === 'none' ? null : (
        <Select
          aria-label="跳转目标"
          showSearch
          optionFilterProp="label"
          style={{ flex: 1, minWidth: 160 }}
          disabled={disabled}
          placeholder="请选择"
          value={value.targetId ?? undefined}
          options={of(value.kind).map((g) => ({ value: g.id, label: g.name, disabled: !g.usable }))}
          onChange={(targetId: number) => onChange({ ...value, targetId })}
        />
      )}
    </Space.Compact>
  );
}

/** One item of a list: drag handle, its controls, 上移/下移/删除. */
function ItemRow({
  index,
  count,
  onMove,
  onRemove,
  disabled,
  children,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const drag = {
    draggable: !disabled,
    onDragStart: (e: DragEvent) => e.dataTransfer.setData('text/plain', String(index)),
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const from = Number(e.dataTransfer.getData('text/plain'));
      if (Number.isInteger(from)) onMove(from, index);
    },
  };
  return (
    <div
      {...drag}
      data-testid="home-item"
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'flex-start',
        padding: 8,
        marginBottom: 8,
        border: `1px ${over ? 'dashed #1677ff' : 'solid #f0f0f0'}`,
        borderRadius: 6,
        cursor: disabled ? 'default' : 'grab',
        background: '#fff',
      }}
    >
      <span style={{ color: '#999', width: 20, paddingTop: 6 }} title="拖动排序">
        {index + 1}
      </span>
      <div style={{ flex: 1 }}>{children}</div>
      {!disabled && (
        <Space orientation="vertical" size={0}>
          <Button type="link" size="small" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            上移
          </Button>
          <Button type="link" size="small" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
            下移
          </Button>
          <Button type="link" size="small" danger onClick={onRemove}>
            删除
          </Button>
        </Space>
      )}
    </div>
  );
}

function Preview({ doc, of }: { doc: EditDoc; of: (kind: string) => Goods[] }) {
  const banner = doc.banners[0];
  return (
    <section
      aria-label="首页预览"
      style={{ width: 320, margin: '0 auto', border: '8px solid #222', borderRadius: 28, overflow: 'hidden' }}
    >
      <div style={{ background: '#fff', minHeight: 560, paddingBottom: 12 }}>
        <div style={{ textAlign: 'center', padding: 8, fontWeight: 600 }}>首页</div>
        {doc.notice && (
          <div style={{ background: '#fff7e6', color: '#d46b08', fontSize: 12, padding: '4px 10px' }}>
            公告：{doc.notice}
          </div>
        )}
        {banner ? (
          <div style={{ position: 'relative', margin: 8 }}>
            {banner.image ? (
              <img
                src={banner.image}
                alt={banner.title}
                style={{ width: '100%', height: 130, objectFit: 'cover', borderRadius: 8 }}
              />
            ) : (
              <div style={{ height: 130, background: '#f5f5f5', borderRadius: 8 }} />
            )}
            <div style={{ position: 'absolute', left: 12, bottom: 10, color: '#fff', fontWeight: 600 }}>
              {banner.title}
            </div>
            <div style={{ position: 'absolute', right: 12, bottom: 10, color: '#fff', fontSize: 12 }}>
              1/{doc.banners.length}
            </div>
          </div>
        ) : null}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 6, padding: '4px 8px' }}>
          {doc.navs.map((n) => (
            <div key={n._k} style={{ textAlign: 'center', fontSize: 12 }}>
              {n.icon ? (
                <img src={n.icon} alt={n.title} style={{ width: 36, height: 36, borderRadius: 18 }} />
              ) : (
                <div style={{ width: 36, height: 36, borderRadius: 18, background: '#f0f0f0', margin: '0 auto' }} />
              )}
              <div>{n.title}</div>
            </div>
          ))}
        </div>
        {doc.goods.length > 0 && <div style={{ padding: '8px 10px 4px', fontWeight: 600 }}>为你推荐</div>}
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, padding: '0 8px' }}>
          {doc.goods.map((g) => {
            const found = of(g.kind).find((x) => x.id === g.id);
            return (
              <div
                key={`${g.kind}:${g.id}`}
                style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 6, fontSize: 12 }}
              >
                <div style={{ height: 60, background: '#fafafa', borderRadius: 4, marginBottom: 4 }} />
                <div>{found?.name ?? '（请选择商品）'}</div>
                {found?.price !== null && found?.price !== undefined && (
                  <div style={{ color: '#cf1322' }}>¥{formatYuan(found.price)}</div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function VersionsDrawer({
  open,
  onClose,
  canEdit,
  onRestored,
}: {
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
  onRestored: (s: HomeState) => void;
}) {
  const [page, setPage] = useState(1);
  const versions = useQuery({
    queryKey: ['homepage', 'versions', page],
    queryFn: () => call(HOMEPAGE_API.versions, { query: { pageNo: page, pageSize: 10 } }),
    enabled: open,
  });
  const { message } = App.useApp();
  return (
    <Drawer open={open} title="发布记录" size={640} onClose={onClose}>
      <Table<HomeVersionRow>
        rowKey="id"
        size="small"
        loading={versions.isFetching}
        dataSource={versions.data?.list ?? []}
        locale={{ emptyText: '尚未发布' }}
        pagination={{ current: page, pageSize: 10, total: versions.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `第 ${v} 版` },
          { title: '发布时间', dataIndex: 'publishedAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '发布人', dataIndex: 'publishedBy', width: 100, render: (v: string | null) => v ?? '—' },
          {
            title: '内容',
            key: 'content',
            render: (_: unknown, r) => `轮播图 ${r.banners} · 导航 ${r.navs} · 推荐 ${r.goods}`,
          },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r) =>
              canEdit && (
                <Popconfirm
                  title={`用第 ${r.version} 版的内容替换当前草稿？发布后生效`}
                  onConfirm={async () => {
                    const s = await call(HOMEPAGE_API.restore, { body: { id: r.id } });
                    onRestored(s);
                    void message.success(`已恢复第 ${r.version} 版为草稿，发布后生效`);
                    onClose();
                  }}
                >
                  <Button type="link" size="small">
                    恢复
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Drawer>
  );
}

export default function HomepageManagementPage() {
  const canEdit = useCan(buttonCodeOf('/homepageManagement', 'edit'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: STATE_KEY, queryFn: () => call(HOMEPAGE_API.get) });
  const of = usePickables();
  const [doc, setDoc] = useState<EditDoc | null>(null);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);

  useEffect(() => {
    if (state.data && doc === null) setDoc(toEdit(state.data.draft));
  }, [state.data, doc]);

  if (!state.data || !doc) return <Card loading />;
  const s = state.data;
  const dirty = JSON.stringify(toDoc(doc)) !== JSON.stringify(s.draft);
  const readOnly = !canEdit;
  const update = (next: Partial<EditDoc>) => setDoc({ ...doc, ...next });
  const took = (next: HomeState) => {
    queryClient.setQueryData(STATE_KEY, next);
    setDoc(toEdit(next.draft));
    setErrors(null);
  };

  const save = async (): Promise<boolean> => {
    setBusy(true);
    try {
      took(await call(HOMEPAGE_API.save, { body: toDoc(doc) }, { handled: HANDLED }));
      return true;
    } catch (e) {
      setErrors(fieldErrorsOf(e) ?? { '': '保存失败，请稍后重试' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    if (
      !(await confirm(
        dirty ? '保存当前修改并发布到小程序首页？' : `发布草稿为第 ${s.version + 1} 版？发布后小程序首页立即更新。`,
      ))
    )
      return;
    if (dirty && !(await save())) return;
    setBusy(true);
    try {
      const next = await call(HOMEPAGE_API.publish, {}, { handled: HANDLED });
      took(next);
      void message.success(`已发布第 ${next.version} 版，小程序首页已更新`);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    if (!(await confirm('放弃草稿的全部修改，恢复为当前已发布的内容？'))) return;
    took(await call(HOMEPAGE_API.discard));
    void message.success('已恢复为已发布的内容');
  };

  const banners = doc.banners;
  const navs = doc.navs;
  const goods = doc.goods;

  return (
    <>
      <Alert
        showIcon
        type={s.unpublished || dirty ? 'warning' : 'success'}
        style={{ marginBottom: 12 }}
        title={
          s.version === 0
            ? '小程序首页尚未发布'
            : `线上为第 ${s.version} 版（${formatDateTime(s.publishedAt!)} 由 ${s.publishedBy ?? '—'} 发布）${
                dirty ? '，当前有未保存的修改' : s.unpublished ? '，草稿有未发布的修改' : '，与草稿一致'
              }`
        }
        action={
          <Space>
            <Button onClick={() => setVersionsOpen(true)}>发布记录</Button>
            {canEdit && (
              <>
                <Button disabled={!s.unpublished && !dirty} onClick={() => void discard()}>
                  放弃修改
                </Button>
                <Button
                  loading={busy}
                  disabled={!dirty}
                  onClick={() => void save().then((ok) => ok && message.success('草稿已保存'))}
                >
                  保存草稿
                </Button>
                <Button
                  type="primary"
                  loading={busy}
                  disabled={!s.unpublished && !dirty}
                  onClick={() => void publish()}
                >
                  发布
                </Button>
              </>
            )}
          </Space>
        }
      />
      {errors && (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          onClose={() => setErrors(null)}
          title="请修改以下内容后再保存"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {Object.entries(errors).map(([path, msg]) => (
                <li key={path}>{path ? `${fieldPlace(path)}：${msg}` : msg}</li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={16}>
        <Col flex="auto">
          <Card size="small" title="公告" style={{ marginBottom: 12 }}>
            <Input
              aria-label="公告"
              disabled={readOnly}
              maxLength={HOME_NOTICE_MAX}
              showCount
              placeholder="首页顶部滚动的一句话，可不填"
              value={doc.notice}
              onChange={(e) => update({ notice: e.target.value })}
            />
          </Card>
          <Card
            size="small"
            title={`轮播图（${banners.length}/${HOME_BANNERS_MAX}，拖动排序）`}
            style={{ marginBottom: 12 }}
            extra={
              canEdit && (
                <Button
                  size="small"
                  disabled={banners.length >= HOME_BANNERS_MAX}
                  onClick={() => update({ banners: [...banners, keyed(newBanner())] })}
                >
                  添加轮播图
                </Button>
              )
            }
          >
            {banners.length === 0 && <Empty description="暂无轮播图" />}
            {banners.map((b, i) => (
              <ItemRow
                key={b._k}
                index={i}
                count={banners.length}
                disabled={readOnly}
                onMove={(from, to) => update({ banners: moveItem(banners, from, to) })}
                onRemove={() => update({ banners: banners.filter((_, j) => j !== i) })}
              >
                <Space align="start">
                  <ImageUpload
                    disabled={readOnly}
                    value={b.image || null}
                    onChange={(v) =>
                      update({ banners: banners.map((x, j) => (j === i ? { ...x, image: String(v ?? '') } : x)) })
                    }
                  />
                  <Space orientation="vertical" style={{ width: 360 }}>
                    <Input
                      aria-label="标题"
                      disabled={readOnly}
                      maxLength={HOME_TITLE_MAX}
                      placeholder="标题"
                      value={b.title}
                      onChange={(e) =>
                        update({ banners: banners.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })
                      }
                    />
                    <LinkEditor
                      of={of}
                      disabled={readOnly}
                      value={b.link}
                      onChange={(link) => update({ banners: banners.map((x, j) => (j === i ? { ...x, link } : x)) })}
                    />
                  </Space>
                </Space>
              </ItemRow>
            ))}
          </Card>
          <Card
            size="small"
            title={`导航（${navs.length}/${HOME_NAVS_MAX}，拖动排序）`}
            style={{ marginBottom: 12 }}
            extra={
              canEdit && (
                <Button
                  size="small"
                  disabled={navs.length >= HOME_NAVS_MAX}
                  onClick={() => update({ navs: [...navs, keyed(newNav())] })}
                >
                  添加导航
                </Button>
              )
            }
          >
            {navs.length === 0 && <Empty description="暂无导航" />}
            {navs.map((n, i) => (
              <ItemRow
                key={n._k}
                index={i}
                count={navs.length}
                disabled={readOnly}
                onMove={(from, to) => update({ navs: moveItem(navs, from, to) })}
                onRemove={() => update({ navs: navs.filter((_, j) => j !== i) })}
              >
                <Space align="start">
                  <ImageUpload
                    disabled={readOnly}
                    value={n.icon || null}
                    onChange={(v) =>
                      update({ navs: navs.map((x, j) => (j === i ? { ...x, icon: String(v ?? '') } : x)) })
                    }
                  />
                  <Space orientation="vertical" style={{ width: 360 }}>
                    <Input
                      aria-label="名称"
                      disabled={readOnly}
                      maxLength={HOME_NAV_TITLE_MAX}
                      placeholder={`名称，最多 ${HOME_NAV_TITLE_MAX} 个字`}
                      value={n.title}
                      onChange={(e) =>
                        update({ navs: navs.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })
                      }
                    />
                    <LinkEditor
                      of={of}
                      disabled={readOnly}
                      value={n.link}
                      onChange={(link) => update({ navs: navs.map((x, j) => (j === i ? { ...x, link } : x)) })}
                    />
                  </Space>
                </Space>
              </ItemRow>
            ))}
          </Card>
          <Card
            size="small"
            title={`推荐商品（${goods.length}/${HOME_GOODS_MAX}，拖动排序）`}
            extra={
              canEdit && (
                <Button
                  size="small"
                  disabled={goods.length >= HOME_GOODS_MAX}
                  onClick={() => update({ goods: [...goods, keyed({ kind: 'project' as const, id: 0 })] })}
                >
                  添加推荐
                </Button>
              )
            }
          >
            {goods.length === 0 && <Empty description="暂无推荐商品" />}
            {goods.map((g, i) => (
              <ItemRow
                key={g._k}
                index={i}
                count={goods.length}
                disabled={readOnly}
                onMove={(from, to) => update({ goods: moveItem(goods, from, to) })}
                onRemove={() => update({ goods: goods.filter((_, j) => j !== i) })}
              >
                <Space.Compact style={{ width: 420 }}>
                  <Select
                    aria-label="商品类别"
                    style={{ width: 90 }}
                    disabled={readOnly}
                    value={g.kind}
                    options={HOME_GOODS_KINDS.map((k) => ({ value: k.value, label: k.label }))}
                    onChange={(kind) => update({ goods: goods.map((x, j) => (j === i ? { ...x, kind, id: 0 } : x)) })}
                  />
                  <Select
                    aria-label="推荐商品"
                    showSearch
                    optionFilterProp="label"
                    style={{ flex: 1 }}
                    disabled={readOnly}
                    placeholder="请选择"
                    value={g.id || undefined}
                    options={of(g.kind).map((x) => ({
                      value: x.id,
                      label: `${x.name}${x.price !== null ? ` ¥${formatYuan(x.price)}` : ''}`,
                      disabled: !x.usable,
                    }))}
                    onChange={(id: number) => update({ goods: goods.map((x, j) => (j === i ? { ...x, id } : x)) })}
                  />
                </Space.Compact>
                {s.targets.some((t) => t.kind === g.kind && t.id === g.id && !t.usable) && (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    已停售，小程序不显示
                  </Tag>
                )}
              </ItemRow>
            ))}
          </Card>
        </Col>
        <Col flex="360px">
          <Card size="small" title="预览（草稿）">
            <Preview doc={doc} of={of} />
          </Card>
        </Col>
      </Row>
      <VersionsDrawer open={versionsOpen} onClose={() => setVersionsOpen(false)} canEdit={canEdit} onRestored={took} />
    </>
  );
}
