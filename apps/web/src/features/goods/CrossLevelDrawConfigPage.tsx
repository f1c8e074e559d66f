/**
 * /crossLevelDrawConfig (跨级划卡配置): the matrix of store levels — a row is the level of the
 * store that sold a card, a column the level of the store where it is drawn. The same level is
 * always allowed (checked, not editable). 保存 (the page's 编辑 button) writes the whole matrix in
 * one call; 还原 drops the changes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MasterItem } from '@zb/contract/api/master';
import { CROSS_LEVEL_API, CROSS_LEVEL_BUTTONS, type CrossLevelPair } from '@zb/contract/entities/crossLevel';
import { Alert, Button, Card, Checkbox, Space, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';

const MATRIX_KEY = ['goods', 'crossLevelMatrix'] as const;

const pairKey = (sold: number, draw: number) => `${sold}:${draw}`;

const keysOf = (pairs: readonly CrossLevelPair[]) => new Set(pairs.map((p) => pairKey(p.soldLevelId, p.drawLevelId)));

/** The pairs of a set of keys, in the levels' order (what 保存 sends). */
export const pairsOf = (keys: ReadonlySet<string>, levels: readonly MasterItem[]): CrossLevelPair[] =>
  levels.flatMap((sold) =>
    levels
      .filter((draw) => draw.id !== sold.id && keys.has(pairKey(sold.id, draw.id)))
      .map((draw) => ({ soldLevelId: sold.id, drawLevelId: draw.id })),
  );

const sameKeys = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((k) => b.has(k));

export default function CrossLevelDrawConfigPage() {
  const canEdit = useCan(CROSS_LEVEL_BUTTONS.edit);
  const client = useQueryClient();
  const query = useQuery({ queryKey: MATRIX_KEY, queryFn: () => call(CROSS_LEVEL_API.matrix, {}) });
  const levels = query.data?.levels ?? [];
  const saved = useMemo(() => keysOf(query.data?.allowed ?? []), [query.data]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => setChecked(new Set(saved)), [saved]);

  const dirty = !sameKeys(checked, saved);

  const toggle = (sold: number, draw: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(pairKey(sold, draw));
    else next.delete(pairKey(sold, draw));
    setChecked(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const matrix = await call(CROSS_LEVEL_API.save, { body: { allowed: pairsOf(checked, levels) } });
      client.setQueryData(MATRIX_KEY, matrix);
    } catch {
      // Alerted by the http client.
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnType<MasterItem>[] = [
    {
      key: 'sold',
      title: '售卡门店等级 \\ 划卡门店等级',
      width: 200,
      fixed: 'left',
      render: (_: unknown, sold: MasterItem) => <strong>{sold.name}</strong>,
    },
    ...levels.map(
      (draw): TableColumnType<MasterItem> => ({
        key: `draw-${draw.id}`,
        title: draw.name,
        align: 'center',
        render: (_: unknown, sold: MasterItem) => {
          const same = sold.id === draw.id;
          return (
            <Checkbox
              aria-label={`${sold.name}售出的卡可在${draw.name}门店划卡`}
              checked={same || checked.has(pairKey(sold.id, draw.id))}
              disabled={same || !canEdit || saving}
              onChange={(e) => toggle(sold.id, draw.id, e.target.checked)}
            />
          );
        },
      }),
    ),
  ];

  return (
    <Card
      title="跨级划卡配置"
      extra={
        canEdit && (
          <Space>
            <Button disabled={!dirty || saving} onClick={() => setChecked(new Set(saved))}>
              还原
            </Button>
            <Button type="primary" disabled={!dirty} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        )
      }
    >
      <Alert
        type={dirty ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 12 }}
        title={
          dirty
            ? '划卡矩阵已修改，点击保存后生效'
            : '每行是售卡门店的等级，每列是划卡门店的等级；勾选表示该等级门店售出的卡可在对应等级门店划卡。同等级门店之间始终可以划卡。'
        }
      />
      <Table<MasterItem>
        rowKey="id"
        size="middle"
        bordered
        loading={query.isPending}
        dataSource={levels}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无门店等级，请先在基础属性中维护门店等级' }}
      />
    </Card>
  );
}
