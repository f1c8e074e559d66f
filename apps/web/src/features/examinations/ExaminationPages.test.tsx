/**
 * 头皮检测 pages with the calls stubbed: /examiningDetail shows the values with their ranges and
 * grades, the images and the recommended projects; /detetionConfig lists the items at the
 * engine's list call.
 */
import { screen } from '@testing-library/react';
import type { ExaminationDetailDto } from '@zb/contract/entities/examination';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const FIRST_LOAD = { timeout: 40_000 };

const report: ExaminationDetailDto = {
  id: 3,
  reportNo: 'JC0000000003',
  outerNo: 'JC-BJ001-0003',
  storeId: 7,
  storeName: '北京朝阳店',
  memberId: 9,
  memberName: '林晓',
  memberPhone: '13900001234',
  staffName: '王技师',
  examinedAt: '2026-11-20T02:00:00.000Z',
  grade: 'severe',
  conclusion: '毛发密度偏低，建议养发疗程',
  images: ['/rest/upload/file/abc'],
  values: [
    {
      itemCode: 'OIL',
      itemName: '油脂分泌',
      unit: '分',
      low: 20,
      high: 50,
      mildLimit: 15,
      moderateLimit: 30,
      value: 35,
      grade: 'normal',
    },
    {
      itemCode: 'DENSITY',
      itemName: '毛发密度',
      unit: '根/cm²',
      low: 120,
      high: 200,
      mildLimit: 20,
      moderateLimit: 50,
      value: 60,
      grade: 'severe',
    },
  ],
  projects: [{ id: 1, code: 'J001', name: '头皮深层清洁', price: 12800 }],
};

describe('头皮检测 pages', { timeout: 60_000 }, () => {
  it('/examiningDetail shows the values graded with their ranges, the images and the projects', async () => {
    const r = routeByPath('/examiningDetail')!;
    setSessionUser(
      sessionUser({
        menu: [
          { code: r.group, name: '会员管理', description: '' },
          ...r.codes.map((code) => ({ code, name: '会员列表', description: '' })),
        ],
        btn: [],
      }),
    );
    stubFetch((url) => {
      if (url.startsWith('/rest/examination/detail/3')) return { body: envelope(report) };
      return { body: envelope(null) };
    });
    renderApp('/examiningDetail?id=3');
    expect(await screen.findByText('检测报告 JC0000000003', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('60 根/cm²')).toBeTruthy();
    expect(screen.getByText('120 – 200 根/cm²')).toBeTruthy();
    expect(screen.getAllByText('重度').length).toBeGreaterThan(0);
    expect(screen.getByText('正常')).toBeTruthy();
    expect(screen.getByText('头皮深层清洁')).toBeTruthy();
    expect(screen.getByText('毛发密度偏低，建议养发疗程')).toBeTruthy();
    expect(document.querySelector('img[src="/rest/upload/file/abc"]')).toBeTruthy();
  });

  it('/examiningReport?memberId= lists only that member’s reports, each opening its detail', async () => {
    const r = routeByPath('/examiningReport')!;
    setSessionUser(
      sessionUser({
        menu: [
          { code: r.group, name: '会员管理', description: '' },
          ...r.codes.map((code) => ({ code, name: '会员列表', description: '' })),
        ],
        btn: [],
      }),
    );
    const asked: URLSearchParams[] = [];
    stubFetch((url) => {
      const [path = '', qs = ''] = url.split('?');
      if (path === '/rest/report/examinationReport/list') {
        asked.push(new URLSearchParams(qs));
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 3,
                reportNo: 'JC0000000003',
                storeName: '北京朝阳店',
                memberName: '林晓',
                memberPhone: '13900001234',
                staffName: '王技师',
                examinedAt: '2026-11-20T02:00:00.000Z',
                grade: 'severe',
                summary: '毛发密度（重度）',
                conclusion: '建议养发疗程',
                itemCount: 6,
                abnormalCount: 1,
              },
            ],
          }),
        };
      }
      return { body: envelope(null) };
    });
    renderApp('/examiningReport?memberId=9');
    expect(await screen.findByText('JC0000000003', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('毛发密度（重度）')).toBeTruthy();
    expect(asked.at(-1)?.get('memberId')).toBe('9');
  });

  it('/detetionConfig lists the items', async () => {
    const r = routeByPath('/detetionConfig')!;
    setSessionUser(
      sessionUser({
        menu: [
          { code: r.group, name: '基础管理', description: '' },
          { code: r.code!, name: '检测配置', description: '' },
        ],
        btn: [],
      }),
    );
    stubFetch((url) => {
      if (url.startsWith('/rest/detetionConfig/list')) {
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 1,
                code: 'OIL',
                name: '油脂分泌',
                unit: '分',
                low: 20,
                high: 50,
                mildLimit: 15,
                moderateLimit: 30,
                enabled: true,
                sort: 1,
                remark: null,
              },
            ],
          }),
        };
      }
      return { body: envelope(null) };
    });
    renderApp('/detetionConfig');
    expect(await screen.findByText('油脂分泌', {}, FIRST_LOAD)).toBeTruthy();
    expect(await screen.findByText('共 1 条', {}, SLOW)).toBeTruthy();
  });
});
