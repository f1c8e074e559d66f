import { describe, expect, it } from 'vitest';
import { GROUP_CODES, type GroupCode, REPORT_CATEGORIES } from './groups';
import { groupRoutes, ROUTES, type RouteDef, routeByPath } from './routes';

/** A whitespace-separated list of paths. */
const paths = (list: string): string[] => list.trim().split(/\s+/);

/** SPEC §2.10's report grouping, in SPEC order. */
const REPORT_GROUPING: Record<string, string[]> = {
  [REPORT_CATEGORIES.finance]: paths(`
    /transactionGiftDetail /discountVerify /finance /storeSettlement /CrossstoreConsumption /CardChange
    /MemberBalance /MemberBalance4 /CurrentMemberBalance /MonthlyMemberBalance
  `),
  [REPORT_CATEGORIES.inventory]: paths(`
    /inventoryList /inventoryDetail /profitLossDifferences /stockList /stockDetail /stockBalance
  `),
  [REPORT_CATEGORIES.query]: paths(`
    /RerformanceBonus /LossOfEmployees /MemberCard /MemberBasicInformation /MemberExperience /CardRanking
    /SalesCardRanking /TakeawayRanking /StoreSmployeePerformance /orderCost /saleDetails /productSonsumption
    /MonthlyRefundSum /CardChangeReport /StoreWrittenReport /storeGiftCal /storeMemberAnalysis /memberLiftcycle
    /memberOprationDataReport /couponDetailReport /couponDetailActivty /XMDReviewReport /ProductSecondmentReport
    /stockCost /customerAnaly /memberLifeCycleDimensionNonFlow /memberLifeCycleDimensionFlow
    /memberLifeCycleDimensionList
  `),
  [REPORT_CATEGORIES.memberAnalysis]: paths(`
    /OperationManagement /memberBuyCardLiftcycle /memberDrawCardLiftcycle /memberReport /memberOperation
    /editMemberLifeCycle
  `),
  [REPORT_CATEGORIES.scrm]: paths('/newCustomer /oldCustomer /customerFollow /memberTag'),
  [REPORT_CATEGORIES.erp]: paths('/consumeDetail /settlement /a0002'),
  [REPORT_CATEGORIES.franchise]: paths('/consumptionSummaryTable /deepCooperationProfit /aliSmsLog'),
  [REPORT_CATEGORIES.hqOperation]: paths('/memberLifeCycleAffiliationNonFlow /memberLifeCycleAffiliationFlow'),
};
/** Every shell route of SPEC §2.3–§2.15, in SPEC's order and spelling (the `{token}` report is withheld). */
const SPEC_PATHS: Record<GroupCode, string[]> = {
  'ZBHT-SPGL': paths(`
    /productList /productDetail /productSort /projectList /projectDetail /couponList /couponDetail
    /projectLabelSetList /packageList /packageDetail /productPackageList /productPackageDetail /associatedList
    /associatedDetail /associatedProjectList /associatedProjectDetail /projectConstraints /projectConstraintsDetail
    /advanceVerification /minorHealingProjectList /crossLevelDrawConfig /openCommodityRelation /XCXConfig
  `),
  'ZBHT-MDGL': paths(`
    /storeList /storeDetail /bookProdLst /bookProdLstNew /bookProdDetail /bookProdDetailNew /bookProdPayDetail
    /aestheticProductDetail /barCodeDatabase /memberReceiveAudit /materialBookProdLstNew /materialBookProdDetail
    /posList /swiftpassStore /close /closeDetail /memAccountDetail /orderConfiguration
  `),
  'ZBHT-YGGL': paths(`
    /staffManager /staffDetail /increaseHairStaff /medicalSupervisor /hierarchicalArchitecture /hierarchicalRoles
  `),
  'ZBHT-HYGL': paths(`
    /memberList /tabsManagement /wxSubscribeConfig
    /personalAccount /comboCard /storedValueCard /memberFile /coupon /creditsExchange /points /purchaseHistory
    /examiningReport /memberMigration /giftsProject /userIntention /follow
    /examiningDetail /orderDetail /asstes /asstesDetail /abnormalCardList /supplementOrCancellation /moveIn
    /moveInList /moveInDetailList /moveInDetail /evaluationList /evaManagement /evaluationDetailList
    /satisfactionRateList /nurseReviewCnt /satisfactionRateListCharts /evaluateSetting
  `),
  'ZBHT-SCGL': paths('/mall_goodsList /mall_goodDetail /tpl'),
  'ZBHT-YHFA-PAG': paths(`
    /salesList /salesDetail /giftsList /giftsDetail /promotionList /promotionDetail /mallEventsList /mallEventsDetail
    /activityList /activityDetail /activityModelList /activityModelDetail /couponsManagement /couponsResend
    /actCouponsM /actCouponAllot /fissionActList /fissionActDetail /crowdManagement /crowdDetail
    /bossGiftActList /bossGiftRecordList /bossGiftActDetail /couponDelayManage /stManagement /newSoftText
    /qrCodeManage /qrCodeDetail /qrEstablish
  `),
  'ZBHT-DDGL': paths(`
    /billingList /onlineOrderList /onlineCouponList /wscEarnestOrder /payIntentionRecord /onlineOrderDetail
    /crossSettlement /activityOrderList /abnormalBillingList /refundList /refundDetail /refundIntentionDetail
    /onlineCouponRefundList /onlineCouponRefundDetail /returnList /orderDetails /billingListClose
    /refundIntentionList /abnormalIntentionRecord /payIntentionDetail /activityOrderDetail
  `),
  'ZBHT-BBHZ': Object.values(REPORT_GROUPING).flat(),
  'ZBHT-SPZX': paths('/approvalCenter'),
  'ZBHT-XXZX': paths(`
    /messageList /messageDetail /taskList /inventoryNotice /inventoryNoticeDetail /taskDetail /taskTemplete
  `),
  'ZBHT-JCGL': paths(`
    /accountManagement /accountDetail /wxTemplate /wxTemplatenext /SMSmessage /homepageManagement /vipTemplate
    /detetionConfig /basicProps /storeLevel /signBill /cooperativeConfig /productOnlineRateConfig /bankReceipt
    /otherConfig /drawLimitConfig /crossSettlementConfig /jointLabelConfig /easConfig /shrConfig /resourceList
    /channelList /openPlatform /protects /storeQuickConfig /douyinStoreList /stoIntentConfig
  `),
  'ZBHT-XTYW': paths(`
    /systemLog /operationLog /shrUserLog /apiLog /downloadhistory /accountInfoList /taskCenterBoss
    /taskCenterDetailBoss /configUtils /schedule /umsMemberSwitchRecord
  `),
  YWAQ: paths('/useCardLimit /earlyWarning /blacklistAdmin'),
};

/** SPEC says "hidden". */
const SPEC_HIDDEN = paths(`
  /productDetail /payIntentionDetail /activityOrderDetail /inventoryDetail /couponDetailActivty
  /memberLifeCycleDimensionList /editMemberLifeCycle /messageDetail /inventoryNoticeDetail /taskDetail
  /taskTemplete /accountDetail /storeLevel
`);

/** The pages kept alive while navigating, in table order. */
const KEEP_ALIVE = paths(`
  /productList /projectList /couponList /packageList /productPackageList
  /storeList /bookProdLst /bookProdLstNew /materialBookProdLstNew /close
  /staffManager
  /memberList /asstes /abnormalCardList /moveInList /evaluationList
  /mall_goodsList
  /salesList /giftsList /promotionList /mallEventsList /activityList /couponsManagement /actCouponsM
  /fissionActList /bossGiftActList /qrCodeManage
  /billingList /onlineOrderList /payIntentionRecord /activityOrderList /refundList /onlineCouponRefundList
  /refundIntentionList
  /approvalCenter
  /messageList /taskList /inventoryNotice
  /accountManagement
  /taskCenterBoss
`);

const route = (path: string): RouteDef => {
  const r = routeByPath(path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

const isDetail = (r: RouteDef) => r.parent !== null;

describe('the route table', () => {
  it('holds every SPEC §2.3–§2.15 path, group by group, in SPEC order', () => {
    for (const g of GROUP_CODES) {
      expect(
        groupRoutes(g).map((r) => r.path),
        g,
      ).toEqual(SPEC_PATHS[g]);
    }
  });

  it('has 244 routes, each path once', () => {
    const expected = Object.values(SPEC_PATHS).flat();
    expect(expected).toHaveLength(244);
    expect(ROUTES).toHaveLength(244);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...expected].sort());
  });

  it('leaves out the public routes and the withheld {token} route', () => {
    for (const path of ['/login', '/xxbLogin', '/relogin', '/404', '/', '/welcome']) {
      expect(routeByPath(path), path).toBeUndefined();
    }
    expect(ROUTES.some((r) => r.path.includes('{') || r.path.includes('token'))).toBe(false);
  });

  it('gives every group routes and every route a title, category and tip', () => {
    for (const g of GROUP_CODES) expect(groupRoutes(g).length, g).toBeGreaterThan(0);
    for (const r of ROUTES) {
      expect(r.title, r.path).toMatch(/[\u4e00-\u9fff]/);
      expect(r.category, r.path).not.toBe('');
      expect(r.tip, r.path).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('titles pages uniquely within a group, with the glossary names', () => {
    for (const g of GROUP_CODES) {
      const titles = groupRoutes(g).map((r) => r.title);
      expect(new Set(titles).size, g).toBe(titles.length);
    }
    expect(route('/productList').title).toBe('商品列表');
    expect(route('/couponList').title).toBe('卡项管理');
    expect(route('/bookProdLst').title).toBe('订货记录（旧）');
    expect(route('/finance').title).toBe('财务大表');
    expect(route('/storeSettlement').title).toBe('门店日结');
    expect(route('/inventoryList').title).toBe('盘点盈亏');
    expect(route('/stockList').title).toBe('门店在途库存');
    expect(route('/tpl').title).toBe('团购平台管理');
    expect(route('/downloadhistory').title).toBe('下载中心');
    expect(route('/taskCenterBoss').title).toBe('付款通知中心');
    expect(route('/schedule').title).toBe('定时任务');
    expect(route('/approvalCenter').title).toBe('审批中心');
    expect(route('/resourceList').title).toBe('资源管理');
    expect(route('/accountManagement').title).toBe('账号管理');
  });

  it('groups the hover panel into at most five categories per group', () => {
    for (const g of GROUP_CODES) {
      const categories = new Set(groupRoutes(g).map((r) => r.category));
      expect(categories.size, g).toBeLessThanOrEqual(g === 'ZBHT-BBHZ' ? 8 : 5);
    }
  });

  it('files the reports under SPEC §2.10 categories', () => {
    const values: string[] = Object.values(REPORT_CATEGORIES);
    for (const r of groupRoutes('ZBHT-BBHZ')) expect(values, r.path).toContain(r.category);
    for (const [category, paths] of Object.entries(REPORT_GROUPING)) {
      expect(
        groupRoutes('ZBHT-BBHZ')
          .filter((r) => r.category === category)
          .map((r) => r.path),
        category,
      ).toEqual(paths);
    }
  });

  it('lets every report page export', () => {
    for (const r of groupRoutes('ZBHT-BBHZ').filter((x) => !isDetail(x))) {
      expect(
        r.buttons.map((b) => b.key),
        r.path,
      ).toEqual(['export']);
    }
  });
});

describe('hidden and kept-alive routes', () => {
  it('hides what SPEC hides', () => {
    for (const path of SPEC_HIDDEN) expect(route(path).hidden, path).toBe(true);
  });

  it('hides every detail but the coupon delay page', () => {
    for (const r of ROUTES.filter(isDetail)) expect(r.hidden, r.path).toBe(r.path !== '/couponDelayManage');
  });

  it('hides the pages that have no parent to be reached from', () => {
    expect(ROUTES.filter((r) => r.hidden && !isDetail(r)).map((r) => r.path)).toEqual([
      '/projectConstraintsDetail',
      '/mallEventsDetail',
      '/storeLevel',
    ]);
  });

  it('keeps alive the fixed list of list pages', () => {
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.path)).toEqual(KEEP_ALIVE);
  });
});
