/**
 * /crowdDetail: ?create=1 builds a new crowd, ?id=N edits one — name, description, the condition
 * builder and the live count (asked again once the user pauses; only a rule the contract accepts
 * is counted), 保存 for a user with 新增 / 编辑. A saved crowd shows its snapshots (生成快照 asks
 * first), the members behind the one chosen (paged) and its 导出 to the download centre.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  CROWD_API,
  CROWD_DESCRIPTION_MAX,
  CROWD_GROUPS_MAX,
  CROWD_NAME_MAX,
  type CrowdMemberRow,
  type CrowdRule,
  type CrowdSnapshotRow,
  type CrowdView,
} from '@zb/contract/entities/crowd';
import { Alert, Button, Card, Form, Input, Result, Space, Spin, Statistic, Table, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { isApiError } from '../../platform/apiError';
import { useExport } from '../../platform/exports/useExport';
import { tablePagination } from '../../platform/list/pagination';
import { formatFen } from '../../platform/money';
import { useButtons } from '../../platform/permissions';
import { useThrottledSubmit } from '../../platform/throttle';
import {
  saveCrowd,
  takeSnapshot,
  useCrowdCount,
  useCrowdOptions,
  useCrowdView,
  useRefreshCrowds,
  useSnapshotMembers,
  useSnapshots,
} from './api';
import { ConditionBuilder } from './ConditionBuilder';
import { emptyRule, ruleProblem, useDebounced } from './crowdRules';

const LIST = '/crowdManagement';

const idOf = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
};

function LiveCount({ rule }: { rule: CrowdRule }) {
  const settled = useDebounced(rule);
  const problem = ruleProblem(settled);
  const count = useCrowdCount(problem ? null : settled);
  const error = count.error && isApiError(count.error) ? count.error.errmsg : null;
  return (
    <Space orientation="vertical">
      <Statistic
        title="当前符合条件的会员（您数据范围内）"
        value={problem || error ? '—' : (count.data?.count ?? '—')}
        suffix="人"
        loading={!problem && count.isFetching && !count.data}
      />
      {(problem || error) && <Alert type="warning" showIcon title={problem ?? error} />}
    </Space>
  );
}

function CrowdEditor({ crowd, onSaved }: { crowd?: CrowdView; onSaved: (id: number) => void }) {
  const can = useButtons();
  const options = useCrowdOptions();
  const refresh = useRefreshCrowds();
  const [name, setName] = useState(crowd?.name ?? '');
  const [description, setDescription] = useState(crowd?.description ?? '');
  const [rule, setRule] = useState<CrowdRule>(crowd?.rule ?? emptyRule());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mayWrite = can(buttonCodeOf(LIST, crowd ? 'edit' : 'add'));

  const save = useThrottledSubmit(async () => {
    const problem = !name.trim() ? '请输入人群名称' : ruleProblem(rule);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const saved = await saveCrowd({ id: crowd?.id, name, description: description || null, rule });
      await refresh();
      onSaved(saved.id);
    } catch (e) {
      if (isApiError(e)) setError(e.errmsg);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label="人群名称" required>
          <Input
            aria-label="人群名称"
            maxLength={CROWD_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="描述">
          <Input.TextArea
            aria-label="描述"
            maxLength={CROWD_DESCRIPTION_MAX}
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
      </Form>
      <ConditionBuilder
        rule={rule}
        options={options.data}
        onChange={(next) => setRule(next.groups.length > CROWD_GROUPS_MAX ? rule : next)}
      />
      <LiveCount rule={rule} />
      {error && <Alert type="error" showIcon title={error} />}
      {mayWrite && (
        <Button type="primary" loading={saving} onClick={save}>
          保存
        </Button>
      )}
    </Space>
  );
}

function SnapshotMembers({ snapshotId }: { snapshotId: number }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const members = useSnapshotMembers({ snapshotId, ...page });
  const columns: TableProps<CrowdMemberRow>['columns'] = [
    { title: '会员编号', dataIndex: 'code', width: 120 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '所属门店', dataIndex: 'storeName', width: 140 },
    { title: '会员等级', dataIndex: 'levelName', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '最近到店', dataIndex: 'lastVisitDay', width: 110, render: (v: string | null) => v ?? '—' },
    { title: '储值余额', dataIndex: 'storedValid', width: 110, render: (v: number) => formatFen(v) },
    { title: '注册时间', dataIndex: 'joinedAt', width: 170 },
  ];
  return (
    <Table<CrowdMemberRow>
      rowKey="id"
      size="small"
      loading={members.isLoading}
      columns={columns}
      dataSource={members.data?.list ?? []}
      locale={{ emptyText: '该快照中没有您数据范围内的会员' }}
      pagination={tablePagination(page, members.data?.total ?? 0, (pageNo, pageSize) => setPage({ pageNo, pageSize }))}
    />
  );
}

function Snapshots({ crowd }: { crowd: CrowdView }) {
  const can = useButtons();
  const refresh = useRefreshCrowds();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<number | null>(null);
  const snapshots = useSnapshots({ crowdId: crowd.id, ...page });
  const exporter = useExport(CROWD_API.snapshotExport);
  const [taking, setTaking] = useState(false);

  const take = async () => {
    if (!(await confirm(`确定按「${crowd.name}」当前的条件生成快照？快照会固定此刻符合条件的会员。`))) return;
    setTaking(true);
    try {
      const s = await takeSnapshot(crowd.id);
      setChosen(s.snapshotId);
    } finally {
      setTaking(false);
      await refresh();
    }
  };

  const columns: TableProps<CrowdSnapshotRow>['columns'] = [
    { title: '快照编号', dataIndex: 'id', width: 90 },
    { title: '生成时间', dataIndex: 'createdAt', width: 170 },
    { title: '人数', dataIndex: 'count', width: 90 },
    { title: '条件', dataIndex: 'summary' },
    { title: '生成人', dataIndex: 'createdByName', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_: unknown, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setChosen(row.id)}>
            查看会员
          </Button>
          {can(buttonCodeOf(LIST, 'export')) && (
            <Button
              type="link"
              size="small"
              disabled={exporter.exporting}
              onClick={() => exporter.start({ body: { snapshotId: row.id } })}
            >
              导出
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="快照"
      extra={
        can(buttonCodeOf(LIST, 'edit')) && (
          <Button type="primary" loading={taking} onClick={() => void take()}>
            生成快照
          </Button>
        )
      }
    >
      <Table<CrowdSnapshotRow>
        rowKey="id"
        size="small"
        loading={snapshots.isLoading}
        columns={columns}
        dataSource={snapshots.data?.list ?? []}
        locale={{ emptyText: '还没有快照：使用人群（如发券）或点击「生成快照」时生成' }}
        pagination={tablePagination(page, snapshots.data?.total ?? 0, (pageNo, pageSize) =>
          setPage({ pageNo, pageSize }),
        )}
      />
      {chosen !== null && (
        <Card size="small" type="inner" title={`快照 ${chosen} 的会员`} style={{ marginTop: 16 }}>
          <SnapshotMembers snapshotId={chosen} />
        </Card>
      )}
    </Card>
  );
}

export default function CrowdDetailPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const creating = q.get('create') === '1';
  const id = idOf(q.get('id'));
  const view = useCrowdView(creating ? null : id);

  if (creating) {
    return (
      <Card title="新增人群">
        <CrowdEditor onSaved={(newId) => navigate(`/crowdDetail?id=${newId}`, { replace: true })} />
      </Card>
    );
  }
  if (id === null) return <Result status="404" title="请从人群管理列表打开人群" />;
  if (view.isLoading) return <Spin />;
  if (!view.data) return <Result status="404" title="该人群不存在或已被删除" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={`人群：${view.data.name}`} extra={`创建：${view.data.createdByName ?? '—'} ${view.data.createdAt}`}>
        <CrowdEditor key={`${view.data.id}-${view.data.lastCountedAt}`} crowd={view.data} onSaved={() => {}} />
      </Card>
      <Snapshots crowd={view.data} />
    </Space>
  );
}
