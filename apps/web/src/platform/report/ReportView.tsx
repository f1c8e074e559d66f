/**
 * One component for every declared report and view (contract report/define.ts): the search form
 * (查询/重置, 展开/收起, the period's preset, pickers of the caller's data scope; fixed filters
 * never shown), 统计维度 when there are several groupings, the summary figures, the chart (ECharts,
 * loaded lazily in its own chunk), the table with grouped headers, server-side sort, 共 N 条 and
 * the totals row (合计), 导出 to the download centre for a user holding its code, and drill-down
 * links. A report page keeps its state in the URL; a view embedded in a tab (`fixed`: a member's
 * id) keeps its own.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { reportApi } from '@zb/contract/report/api';
import { type AnyReport, groupingsOf, type ReportRow } from '@zb/contract/report/define';
import { pickerEndpoint } from '@zb/contract/report/pickers';
import { Button, Card, Empty, Radio, Space, Statistic, Table, type TableProps, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { ExportButton } from '../exports/ExportButton';
import { LookupSelect } from '../inputs/LookupSelect';
import { useButtons } from '../permissions';
import type { SortDir } from '../resource/listParams';
import { type FilterControlOf, FilterForm } from '../resource/ResourceSearchForm';
import { chartOption } from './chartOption';
import { drillHref } from './drill';
import { reportTableColumns, summaryFigures, totalsCells } from './reportColumns';
import { type FixedFilters, reportExportQuery, shownFilters } from './reportParams';
import { useReport } from './useReport';

// ECharts and the chart loads the first time a report draws one.
const ReportChart = lazy(() => import('./ReportChart'));

const CHART_HEIGHT = 320;

export interface ReportViewProps {
  decl: AnyReport;
  /** Filters given by the embedding page (never shown); a view with them keeps its state itself. */
  fixed?: FixedFilters;
  /** State in the component rather than the URL (default: when `fixed` is given). */
  embedded?: boolean;
}

/** Pickers load their choices (stores, regions and staff of the caller's scope, goods); others: the field's input. */
const pickerControl: FilterControlOf = (_key, f) => {
  const picker = (f as { picker?: Parameters<typeof pickerEndpoint>[0] }).picker;
  return picker ? (
    <LookupSelect endpoint={pickerEndpoint(picker)} placeholder="全部" style={{ width: 200 }} />
  ) : undefined;
};

const link = (href: string, text: string): ReactNode => <Link to={href}>{text}</Link>;

export function ReportView({ decl, fixed, embedded }: ReportViewProps) {
  const r = useReport(decl, { fixed, embedded: embedded ?? fixed !== undefined });
  const api = reportApi(decl);
  const has = useButtons();
  const canExport = !!api.export && has(buttonCodeOf(decl.page, 'export'));
  const fields = useMemo(() => shownFilters(decl), [decl]);
  const groupings = groupingsOf(decl);
  const { params, grouping, listQuery } = r;

  const columns = useMemo(
    () =>
      reportTableColumns(decl, grouping, params, {
        drillHref: (key, row) => {
          const d = decl.drill?.[key];
          return d ? drillHref(d, row, listQuery) : undefined;
        },
        link,
      }),
    [decl, grouping, params, listQuery],
  );
  const totals = decl.totals ? totalsCells(decl, grouping, r.totals) : null;
  const figures = summaryFigures(decl, r.totals);
  const option = useMemo(
    () => (r.showChart ? chartOption(decl, grouping, r.chartRows) : null),
    [decl, grouping, r.showChart, r.chartRows],
  );
  const rows = useMemo(() => r.rows.map((row, i) => ({ ...row, __key: i })), [r.rows]);

  const onChange: TableProps<ReportRow>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
    const dir: SortDir | undefined = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
    r.sort(dir ? String(s?.columnKey ?? s?.field) : undefined, dir);
  };

  return (
    <section className="zb-report" aria-label={decl.title}>
      <FilterForm
        name={`${decl.name}-search`}
        label={`${decl.title}查询`}
        fields={fields}
        filters={params.filters}
        onSearch={r.search}
        onReset={r.reset}
        controlOf={pickerControl}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8, flexWrap: 'wrap' }}>
        <Space wrap>
          {groupings.length > 1 && (
            <Space>
              <span>统计维度</span>
              <Radio.Group
                aria-label="统计维度"
                optionType="button"
                value={grouping.key}
                onChange={(e) => r.group(String(e.target.value))}
                options={groupings.map((g) => ({ value: g.key, label: g.label }))}
              />
            </Space>
          )}
          {canExport && api.export && <ExportButton endpoint={api.export} params={reportExportQuery(params, fixed)} />}
        </Space>
        <Tooltip title="刷新">
          <Button aria-label="刷新" icon={<ReloadOutlined />} onClick={() => void r.refresh()} />
        </Tooltip>
      </div>
      {figures.length > 0 && (
        <Space wrap size={12} style={{ marginBottom: 12 }}>
          {figures.map((f) => (
            <Card key={f.key} size="small" style={{ minWidth: 160 }}>
              <Statistic title={f.label} value={f.text} loading={r.loading && !r.totals} />
            </Card>
          ))}
        </Space>
      )}
      {option && (
        <Card size="small" style={{ marginBottom: 12 }} loading={r.chartLoading && r.chartRows.length === 0}>
          {r.chartRows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图表数据" />
          ) : (
            <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
              <ReportChart option={option} title={decl.title} height={CHART_HEIGHT} />
            </Suspense>
          )}
        </Card>
      )}
      <Table<ReportRow>
        aria-label={decl.title}
        rowKey="__key"
        size="middle"
        bordered
        loading={r.loading}
        columns={columns}
        dataSource={rows}
        pagination={r.pagination}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={r.missing.length ? `请选择${r.missing.join('、')}后查询` : '暂无数据'}
            />
          ),
        }}
        summary={
          totals && rows.length > 0
            ? () => (
                <Table.Summary fixed="bottom">
                  <Table.Summary.Row className="zb-report-totals">
                    {totals.map((c, i) => (
                      <Table.Summary.Cell key={c.key} index={i} align={c.numeric ? 'right' : undefined}>
                        {i === 0 ? <strong>{c.text}</strong> : c.text}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
      />
    </section>
  );
}
