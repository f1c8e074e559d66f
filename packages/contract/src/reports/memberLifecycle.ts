/**
 * 会员生命周期的报表（issue 15, SPEC §2.10）: members per stage (entities/memberLifecycle.ts) as of a
 * day, by store, region or another dimension; the flow between two days as a matrix (rows: the
 * stage on the first day, columns: the stage on the last); the members behind a cell. Each reads
 * member_stage (server modules/memberLifecycle), kept by the job `memberLifecycle`, and is cut to
 * the caller's stores (the member's home store).
 *
 * The period's last day is the day "as of" (a period of one day: that day); the flows go from its
 * first day to its last.
 */
import {
  LIFECYCLE_BASES,
  LIFECYCLE_FLOW_STAGES,
  LIFECYCLE_STAGES,
  type LifecycleBasis,
} from '../entities/memberLifecycle';
import {
  type DimensionDef,
  type DrillDef,
  defineReport,
  type GroupingDef,
  type MeasureDef,
  type ReportFilterDef,
} from '../report/define';

const LIST_PAGE = '/memberLifeCycleDimensionList';

const asOf = (preset: 'today' | 'thisMonth'): ReportFilterDef => ({
  label: '日期',
  type: 'date',
  filter: 'range',
  period: true,
  preset,
  required: true,
});
const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const regionFilter: ReportFilterDef = { label: '大区', type: 'int', filter: 'eq', picker: 'region' };

const place = {
  regionId: { label: '大区ID', type: 'int', hidden: true },
  regionName: { label: '大区', type: 'text', width: 100, fixed: 'left' },
  storeId: { label: '门店ID', type: 'int', hidden: true },
  storeName: { label: '门店', type: 'text', width: 140, fixed: 'left' },
} as const satisfies Record<string, DimensionDef>;

/** The member's own dimensions (/memberLifeCycleDimensionNonFlow). */
const person = {
  levelName: { label: '会员等级', type: 'text', width: 100, fixed: 'left' },
  genderName: { label: '性别', type: 'text', width: 80, fixed: 'left' },
  ageBand: { label: '年龄段', type: 'text', width: 100, fixed: 'left' },
} as const satisfies Record<string, DimensionDef>;

const BY_STORE: GroupingDef = {
  key: 'store',
  label: '按门店',
  dims: ['regionId', 'regionName', 'storeId', 'storeName'],
};
const BY_REGION: GroupingDef = { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] };

/** A measure per stage (`<stage>Count`) and the members in all. */
export const stageCountKey = (stage: string) => `${stage}Count`;
const stageMeasures = (group: string): Record<string, MeasureDef> => ({
  members: { label: '会员数', type: 'int', agg: 'sum', summary: true, width: 90 },
  ...Object.fromEntries(
    LIFECYCLE_STAGES.map((s) => [
      stageCountKey(s.value),
      { label: s.label, type: 'int', agg: 'sum', group, width: 80, summary: s.value === 'active' },
    ]),
  ),
});

/** A stage's count opens its members (of the row's store). */
const stageDrill = (basis: LifecycleBasis, extra: DrillDef['query'] = {}): Record<string, DrillDef> =>
  Object.fromEntries(
    LIFECYCLE_STAGES.map((s) => [
      stageCountKey(s.value),
      {
        to: LIST_PAGE,
        query: {
          periodFrom: { filter: 'periodTo' },
          periodTo: { filter: 'periodTo' },
          basis: { value: basis },
          stage: { value: s.value },
          storeId: { row: 'storeId' },
          ...extra,
        },
      },
    ]),
  );

const SOURCE = (what: string) =>
  `会员生命周期阶段表（member_stage：每位会员仅在阶段变化时记一行，由定时任务「会员生命周期计算」按当前定义从${what}算出；修改定义后重算全部历史），取所选末日当天各会员所处阶段，按会员归属门店统计`;

const nonFlow = (o: {
  name: string;
  title: string;
  page: string;
  basis: LifecycleBasis;
  what: string;
  groupings: readonly GroupingDef[];
  dimensions: Record<string, DimensionDef>;
}) =>
  defineReport({
    name: o.name,
    title: o.title,
    page: o.page,
    kind: 'summary',
    dimensions: o.dimensions,
    measures: stageMeasures('各阶段会员数'),
    groupings: o.groupings,
    filters: { period: asOf('today'), storeId: storeFilter, regionId: regionFilter },
    defaultSort: { field: 'members', dir: 'desc' },
    totals: true,
    chart: { type: 'bar', x: 'storeName', series: LIFECYCLE_STAGES.map((s) => stageCountKey(s.value)) },
    drill: stageDrill(o.basis),
    export: true,
    source: SOURCE(o.what),
  });

const VISITS = '已完成的收银单（到店消费）';

/** 会员生命周期: members per stage as of a day, by home store or region (到店消费). */
export const MEMBER_LIFECYCLE = nonFlow({
  name: 'memberLifecycle',
  title: '会员生命周期',
  page: '/memberLiftcycle',
  basis: 'visit',
  what: VISITS,
  groupings: [BY_STORE, BY_REGION],
  dimensions: place,
});

/** 生命周期维度（非流水）: the same by a chosen dimension of the member. */
export const MEMBER_LIFECYCLE_DIMENSION = nonFlow({
  name: 'memberLifecycleDimension',
  title: '生命周期维度（非流水）',
  page: '/memberLifeCycleDimensionNonFlow',
  basis: 'visit',
  what: VISITS,
  groupings: [
    BY_STORE,
    BY_REGION,
    { key: 'level', label: '按会员等级', dims: ['levelName'] },
    { key: 'gender', label: '按性别', dims: ['genderName'] },
    { key: 'age', label: '按年龄段（截至所选末日）', dims: ['ageBand'] },
  ],
  dimensions: { ...place, ...person },
});

/** 生命周期归属（非流水）: by the member's home store and its region. */
export const MEMBER_LIFECYCLE_AFFILIATION = nonFlow({
  name: 'memberLifecycleAffiliation',
  title: '生命周期归属（非流水）',
  page: '/memberLifeCycleAffiliationNonFlow',
  basis: 'visit',
  what: VISITS,
  groupings: [BY_STORE, BY_REGION],
  dimensions: place,
});

/** 会员购卡周期: the same rules over card purchases (开卡) instead of visits. */
export const MEMBER_BUY_CARD_LIFECYCLE = nonFlow({
  name: 'memberBuyCardLifecycle',
  title: '会员购卡周期',
  page: '/memberBuyCardLiftcycle',
  basis: 'buyCard',
  what: '会员购卡（会员卡流水中的开卡；到店次数即开卡张数，消费即实付金额）',
  groupings: [BY_STORE, BY_REGION],
  dimensions: place,
});

/** 会员划卡周期: the same rules over card draws (划卡) instead of visits. */
export const MEMBER_DRAW_CARD_LIFECYCLE = nonFlow({
  name: 'memberDrawCardLifecycle',
  title: '会员划卡周期',
  page: '/memberDrawCardLiftcycle',
  basis: 'drawCard',
  what: '会员划卡（会员卡流水中的消费；到店次数即划卡的单数，消费即划走的本金与赠金）',
  groupings: [BY_STORE, BY_REGION],
  dimensions: place,
});

/** A flow's columns: the members on the last day in each stage, of those in the row's stage on the first. */
export const flowCountKey = (stage: string) => `to${stage[0]!.toUpperCase()}${stage.slice(1)}`;
const flowMeasures: Record<string, MeasureDef> = {
  members: { label: '会员数', type: 'int', agg: 'sum', summary: true, width: 90 },
  ...Object.fromEntries(
    LIFECYCLE_STAGES.map((s) => [
      flowCountKey(s.value),
      { label: s.label, type: 'int', agg: 'sum', group: '末日所处阶段', width: 80 },
    ]),
  ),
  moved: { label: '阶段变化', type: 'int', agg: 'sum', summary: true, width: 90 },
};

const fromStage: DimensionDef = {
  label: '首日所处阶段',
  type: 'enum',
  options: LIFECYCLE_FLOW_STAGES,
  width: 120,
  fixed: 'left',
};

const flowDrill: Record<string, DrillDef> = Object.fromEntries(
  LIFECYCLE_STAGES.map((s) => [
    flowCountKey(s.value),
    {
      to: LIST_PAGE,
      query: {
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
        basis: { value: 'visit' },
        fromStage: { row: 'fromStage' },
        stage: { value: s.value },
        storeId: { filter: 'storeId' },
        regionId: { filter: 'regionId' },
      },
    },
  ]),
);

const flow = (o: { name: string; title: string; page: string; groupings: readonly GroupingDef[] }) =>
  defineReport({
    name: o.name,
    title: o.title,
    page: o.page,
    kind: 'summary',
    dimensions: { fromStage, ...place },
    measures: flowMeasures,
    groupings: o.groupings,
    filters: { period: asOf('thisMonth'), storeId: storeFilter, regionId: regionFilter },
    defaultSort: { field: 'members', dir: 'desc' },
    totals: true,
    chart: { type: 'bar', x: 'fromStage', series: LIFECYCLE_STAGES.map((s) => flowCountKey(s.value)) },
    drill: flowDrill,
    export: true,
    source:
      '会员生命周期阶段表（member_stage）：所选首日与末日各会员所处阶段按会员配对，行为首日阶段（首日尚无到店记为未到店），列为末日阶段，即阶段流转矩阵（报表图表不支持桑基图，以堆叠柱状图呈现），按会员归属门店统计',
  });

const BY_FROM: GroupingDef = { key: 'from', label: '流转矩阵', dims: ['fromStage'] };

/** 生命周期维度（流水）: the flow matrix, chain-wide or by store. */
export const MEMBER_LIFECYCLE_FLOW = flow({
  name: 'memberLifecycleFlow',
  title: '生命周期维度（流水）',
  page: '/memberLifeCycleDimensionFlow',
  groupings: [BY_FROM, { key: 'storeFrom', label: '按门店', dims: [...BY_STORE.dims, 'fromStage'] }],
});

/** 生命周期归属（流水）: the flow matrix by home store or region. */
export const MEMBER_LIFECYCLE_AFFILIATION_FLOW = flow({
  name: 'memberLifecycleAffiliationFlow',
  title: '生命周期归属（流水）',
  page: '/memberLifeCycleAffiliationFlow',
  groupings: [
    { key: 'storeFrom', label: '按门店', dims: [...BY_STORE.dims, 'fromStage'] },
    { key: 'regionFrom', label: '按大区', dims: [...BY_REGION.dims, 'fromStage'] },
    BY_FROM,
  ],
});

/** 生命周期维度明细: the members behind a cell — their stage on the last day (and on the first). */
export const MEMBER_LIFECYCLE_LIST = defineReport({
  name: 'memberLifecycleList',
  title: '生命周期维度明细',
  page: LIST_PAGE,
  kind: 'detail',
  dimensions: {
    memberId: { label: '会员ID', type: 'int', hidden: true },
    memberCode: { label: '会员编号', type: 'text', width: 120, fixed: 'left' },
    memberName: { label: '会员', type: 'text', width: 100 },
    ...place,
    regionName: { label: '大区', type: 'text', width: 100 },
    storeName: { label: '门店', type: 'text', width: 140 },
    fromStage: { ...fromStage, fixed: undefined },
    stage: { label: '末日所处阶段', type: 'enum', options: LIFECYCLE_STAGES, width: 120 },
    stageSince: { label: '进入该阶段日期', type: 'date', width: 120 },
    lastVisitDay: { label: '最近到店日期', type: 'date', width: 120 },
  },
  measures: {
    stageDays: { label: '在该阶段天数', type: 'int', agg: 'sum', total: false, width: 110 },
  },
  filters: {
    period: asOf('today'),
    basis: { label: '依据', type: 'enum', filter: 'eq', options: LIFECYCLE_BASES },
    stage: { label: '末日所处阶段', type: 'enum', filter: 'eq', options: LIFECYCLE_STAGES },
    fromStage: { label: '首日所处阶段', type: 'enum', filter: 'eq', options: LIFECYCLE_FLOW_STAGES },
    storeId: storeFilter,
    regionId: regionFilter,
    memberName: { label: '会员姓名', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'stageSince', dir: 'desc', thenBy: 'memberId' },
  totals: false,
  drill: { memberCode: { to: '/personalAccount', query: { id: { row: 'memberId' } } } },
  export: false,
  source:
    '会员生命周期阶段表（member_stage）：所选末日各会员所处阶段（及首日所处阶段），依据默认为到店消费，按会员归属门店',
});

export const MEMBER_LIFECYCLE_REPORTS = [
  MEMBER_LIFECYCLE,
  MEMBER_LIFECYCLE_DIMENSION,
  MEMBER_LIFECYCLE_AFFILIATION,
  MEMBER_BUY_CARD_LIFECYCLE,
  MEMBER_DRAW_CARD_LIFECYCLE,
  MEMBER_LIFECYCLE_FLOW,
  MEMBER_LIFECYCLE_AFFILIATION_FLOW,
  MEMBER_LIFECYCLE_LIST,
];
