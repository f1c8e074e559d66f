/** 导出 of a snapshot's members (of the caller's stores) through the download centre. */
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import { enqueueExport } from '../../platform/exports/enqueue';
import { type ExportSource, exportSourceOf, registerExportSource } from '../../platform/exports/registry';
import { countSnapshotMembers, snapshotExists, snapshotMemberPages } from './service';

const SOURCE = 'crowdSnapshot';
const params = z.object({ snapshotId: z.number().int().positive() });
type Params = z.output<typeof params>;

const source: ExportSource<Params> = {
  name: SOURCE,
  title: '人群快照会员',
  params,
  columns: () => [
    { key: 'code', label: '会员编号', width: 14 },
    { key: 'name', label: '姓名', width: 12 },
    { key: 'phone', label: '手机号', width: 14 },
    { key: 'storeName', label: '所属门店', width: 16 },
    { key: 'levelName', label: '会员等级', width: 10 },
    { key: 'lastVisitDay', label: '最近到店', width: 12 },
    { key: 'storedValid', label: '储值余额（元）', width: 14 },
    { key: 'joinedAt', label: '注册时间', width: 20 },
  ],
  count: ({ db, scope }, p) => countSnapshotMembers(db, p.snapshotId, scope),
  rows: async function* ({ db, scope }, p) {
    for await (const page of snapshotMemberPages(db, p.snapshotId, scope)) {
      yield page.map((r) => ({ ...r, storedValid: r.storedValid / 100 }));
    }
  },
};

export const registerCrowdExport = (): void => {
  if (!exportSourceOf(SOURCE)) registerExportSource(source);
};

export const exportSnapshot = async (db: Db, auth: Auth, snapshotId: number) => {
  await snapshotExists(db, snapshotId);
  return enqueueExport(db, { userId: auth.user.id, scope: auth.scope, source: SOURCE, params: { snapshotId } });
};
