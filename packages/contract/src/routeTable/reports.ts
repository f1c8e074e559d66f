import { REPORT_CATEGORIES as C } from '../groups';
import { BUTTONS, detail, group, page } from './define';

/** Every report page exports what it shows. */
const report = (path: string, title: string, category: string, tip: string) =>
  page(path, title, { category, tip, buttons: [BUTTONS.export] });

export default group('ZBHT-BBHZ', [
  // 财务对接
  report('/transactionGiftDetail', '交易赠送明细', C.finance, '开单与售卡时赠送的项目和金额'),
  report('/discountVerify', '优惠核销', C.finance, '优惠券与优惠方案的核销对账'),
  report('/finance', '财务大表', C.finance, '门店收入、耗卡与余额的财务汇总'),
  report('/storeSettlement', '门店日结', C.finance, '各门店每日的收款与结算'),
  report('/CrossstoreConsumption', '跨店消费', C.finance, '会员在非开卡门店的消费明细'),
  report('/CardChange', '卡项变动对账', C.finance, '卡项余额变动的财务对账'),
  report('/MemberBalance', '会员余额', C.finance, '会员储值与卡项余额汇总'),
  report('/MemberBalance4', '会员余额（新）', C.finance, '按新口径统计的会员余额'),
  report('/CurrentMemberBalance', '当前会员余额', C.finance, '截至当前的会员余额'),
  report('/MonthlyMemberBalance', '月度会员余额', C.finance, '按月结存的会员余额'),
  // 库存报表
  report('/inventoryList', '盘点盈亏', C.inventory, '门店盘点的盈亏结果'),
  detail('/inventoryDetail', '盘点明细', { of: '/inventoryList' }),
  report('/profitLossDifferences', '盈亏差异', C.inventory, '盘点盈亏与账面差异的分析'),
  report('/stockList', '门店在途库存', C.inventory, '已发货未入库的门店库存'),
  report('/stockDetail', '门店出入库明细', C.inventory, '门店每笔入库与出库'),
  report('/stockBalance', '库存结存', C.inventory, '门店各商品的期末结存'),
  // 查询报表
  report('/RerformanceBonus', '业绩提成', C.query, '员工业绩与提成明细'),
  report('/LossOfEmployees', '员工流失', C.query, '员工离职与流失情况'),
  report('/MemberCard', '会员持卡', C.query, '会员持有的卡项明细'),
  report('/MemberBasicInformation', '会员基本信息', C.query, '会员资料导出查询'),
  report('/MemberExperience', '会员体验', C.query, '体验项目的到店与转化'),
  report('/CardRanking', '卡项排行', C.query, '按耗卡统计的卡项排行'),
  report('/SalesCardRanking', '售卡排行', C.query, '门店与员工的售卡排行'),
  report('/TakeawayRanking', '外带产品排行', C.query, '会员外带产品的销售排行'),
  report('/StoreSmployeePerformance', '门店员工业绩', C.query, '各门店员工的业绩汇总'),
  report('/orderCost', '单据成本', C.query, '收银单耗用产品的成本与毛利'),
  report('/saleDetails', '销售明细', C.query, '商品与项目的销售明细'),
  report('/productSonsumption', '产品消耗', C.query, '项目服务消耗的产品统计'),
  report('/MonthlyRefundSum', '月度退款汇总', C.query, '按月汇总的退款金额'),
  report('/CardChangeReport', '卡项变动明细', C.query, '会员卡项的每笔变动'),
  report('/StoreWrittenReport', '门店签单报表', C.query, '各门店店长每月签单与签单额度'),
  report('/storeGiftCal', '门店赠送统计', C.query, '门店赠送项目与金额的统计'),
  report('/storeMemberAnalysis', '门店会员分析', C.query, '门店会员数量与结构'),
  report('/memberLiftcycle', '会员生命周期', C.query, '会员所处生命周期阶段的分布'),
  report('/memberOprationDataReport', '会员运营数据', C.query, '会员到店、消费与留存数据'),
  report('/couponDetailReport', '优惠券明细', C.query, '优惠券的发放、使用与过期'),
  detail('/couponDetailActivty', '活动券明细', { of: '/couponDetailReport', open: true }),
  report('/XMDReviewReport', '团购评价', C.query, '团购平台上的门店评价'),
  report('/ProductSecondmentReport', '产品借调', C.query, '门店之间借调产品的记录'),
  report('/stockCost', '库存成本', C.query, '门店库存的成本金额'),
  report('/customerAnaly', '顾客分析', C.query, '顾客来源与消费特征'),
  report('/memberLifeCycleDimensionNonFlow', '生命周期维度（非流水）', C.query, '按维度统计会员生命周期'),
  report('/memberLifeCycleDimensionFlow', '生命周期维度（流水）', C.query, '按维度统计会员生命周期流转'),
  detail('/memberLifeCycleDimensionList', '生命周期维度明细', { of: '/memberLifeCycleDimensionNonFlow' }),
  // 会员分析
  report('/OperationManagement', '经营分析', C.memberAnalysis, '门店经营指标的汇总分析'),
  report('/memberBuyCardLiftcycle', '会员购卡周期', C.memberAnalysis, '按购卡行为划分的会员生命周期阶段'),
  report('/memberDrawCardLiftcycle', '会员划卡周期', C.memberAnalysis, '按划卡行为划分的会员生命周期阶段'),
  report('/memberReport', '会员报表', C.memberAnalysis, '会员新增、活跃与流失'),
  report('/memberOperation', '会员运营', C.memberAnalysis, '会员运营效果分析'),
  detail('/editMemberLifeCycle', '编辑生命周期', { of: '/memberBuyCardLiftcycle' }),
  // SCRM报表
  report('/newCustomer', '新客分析', C.scrm, '企业微信新增客户'),
  report('/oldCustomer', '老客分析', C.scrm, '企业微信老客户的维护'),
  report('/customerFollow', '客户跟进', C.scrm, '员工跟进客户的记录'),
  report('/memberTag', '客户标签', C.scrm, '企业微信客户标签分布'),
  // ERP报表
  report('/consumeDetail', '消耗明细', C.erp, 'ERP 口径的耗卡明细'),
  report('/settlement', '结算报表', C.erp, 'ERP 口径的门店结算'),
  report('/a0002', '收入对账', C.erp, 'ERP 收入对账报表'),
  // 加盟核算
  report('/consumptionSummaryTable', '消费汇总表', C.franchise, '加盟门店的消费汇总'),
  report('/deepCooperationProfit', '深度合作分润', C.franchise, '深度合作门店的分润核算'),
  report('/aliSmsLog', '短信费用明细', C.franchise, '门店短信发送条数与费用'),
  // 总部运营
  report('/memberLifeCycleAffiliationNonFlow', '生命周期归属（非流水）', C.hqOperation, '会员生命周期的门店归属'),
  report('/memberLifeCycleAffiliationFlow', '生命周期归属（流水）', C.hqOperation, '会员生命周期归属的流转'),
]);
