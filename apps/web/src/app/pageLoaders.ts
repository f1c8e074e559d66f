/**
 * Route path → loader of its page's module. Each later issue adds its pages here, one chunk per
 * page, so the /login bundle never grows with them. The build reads this file for the server's
 * preload links (apps/web/shellPreload.ts reads each entry as a quoted path, an arrow and a
 * dynamic import; a comment here must not look like one).
 */
import { PUBLIC_PATHS } from '@zb/contract/paths';
import { routeByPath } from '@zb/contract/routes';
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/** /welcome, the shell's own first page (not a contract route). */
export const WELCOME_LOADER = (): Promise<PageModule> => import('../features/auth/WelcomePage');

/**
 * A route without a page of its own: the report page, which shows the route's REPORTS declaration
 * or 本页尚未建成 (app/pages.ts). REPORTS stays out of the shell: it is in that chunk.
 */
export const REPORT_PAGE_LOADER = (): Promise<typeof import('../platform/report/ReportPage')> =>
  import('../platform/report/ReportPage');

/** Pages built so far, by contract route path. */
export const PAGE_LOADERS: Readonly<Partial<Record<string, () => Promise<PageModule>>>> = {
  '/accountDetail': () => import('../features/accounts/AccountDetailPage'),
  '/accountInfoList': () => import('../features/accounts/AccountInfoListPage'),
  '/accountManagement': () => import('../features/accounts/AccountManagementPage'),
  '/activityDetail': () => import('../features/marketing/ActivityDetailPage'),
  '/activityList': () => import('../features/marketing/ActivityListPage'),
  '/crowdDetail': () => import('../features/crowds/CrowdDetailPage'),
  '/crowdManagement': () => import('../features/crowds/CrowdListPage'),
  '/couponsManagement': () => import('../features/coupons/CouponsManagementPage'),
  '/couponsResend': () => import('../features/coupons/CouponsResendPage'),
  '/couponDelayManage': () => import('../features/coupons/CouponDelayManagePage'),
  '/apiLog': () => import('../features/logs/ApiLogPage'),
  '/approvalCenter': () => import('../features/approvals/ApprovalCenterPage'),
  '/basicProps': () => import('../features/master/BasicPropsPage'),
  '/cooperativeConfig': () => import('../features/billConfig/CooperativeConfigPage'),
  '/drawLimitConfig': () => import('../features/billConfig/DrawLimitConfigPage'),
  '/signBill': () => import('../features/billConfig/SignBillPage'),
  '/storeLevel': () => import('../features/billConfig/StoreLevelPage'),
  '/useCardLimit': () => import('../features/security/UseCardLimitPage'),
  '/blacklistAdmin': () => import('../features/security/BlacklistAdminPage'),
  '/earlyWarning': () => import('../features/security/EarlyWarningPage'),
  '/operationLog': () => import('../features/logs/OperationLogPage'),
  '/schedule': () => import('../features/schedule/SchedulePage'),
  '/configUtils': () => import('../features/configUtils/ConfigUtilsPage'),
  '/otherConfig': () => import('../features/configUtils/OtherConfigPage'),
  '/systemLog': () => import('../features/logs/SystemLogPage'),
  '/downloadhistory': () => import('../features/downloads/DownloadHistoryPage'),
  '/easConfig': () => import('../features/erp/EasConfigPage'),
  '/shrConfig': () => import('../features/shr/ShrConfigPage'),
  '/homepageManagement': () => import('../features/homepage/HomepageManagementPage'),
  '/promotionList': () => import('../features/promotion/PromotionListPage'),
  '/inventoryNotice': () => import('../features/taskCenter/InventoryNoticePage'),
  '/inventoryNoticeDetail': () => import('../features/taskCenter/InventoryNoticeDetailPage'),
  '/promotionDetail': () => import('../features/promotion/PromotionDetailPage'),
  '/shrUserLog': () => import('../features/shr/ShrUserLogPage'),
  '/productOnlineRateConfig': () => import('../features/productOnlineRate/ProductOnlineRateConfigPage'),
  '/resourceList': () => import('../features/resources/ResourceListPage'),
  '/storeQuickConfig': () => import('../features/storeQuick/StoreQuickConfigPage'),
  '/stoIntentConfig': () => import('../features/intents/StoIntentConfigPage'),
  '/crossSettlement': () => import('../features/settlement/CrossSettlementPage'),
  '/crossSettlementConfig': () => import('../features/settlement/CrossSettlementConfigPage'),
  '/bankReceipt': () => import('../features/settlement/BankReceiptPage'),
  '/payIntentionDetail': () => import('../features/intents/PayIntentionDetailPage'),
  '/refundIntentionDetail': () => import('../features/intents/RefundIntentionDetailPage'),
  '/hierarchicalArchitecture': () => import('../features/hierarchy/HierarchicalArchitecturePage'),
  '/hierarchicalRoles': () => import('../features/hierarchy/HierarchicalRolesPage'),
  '/taskCenterBoss': () => import('../features/notices/TaskCenterBossPage'),
  '/taskCenterDetailBoss': () => import('../features/notices/TaskCenterDetailBossPage'),
  '/messageList': () => import('../features/taskCenter/MessageListPage'),
  '/messageDetail': () => import('../features/taskCenter/MessageDetailPage'),
  '/taskList': () => import('../features/taskCenter/TaskListPage'),
  '/taskDetail': () => import('../features/taskCenter/TaskDetailPage'),
  '/taskTemplete': () => import('../features/taskCenter/TaskTempletePage'),
  '/memberList': () => import('../features/members/MemberListPage'),
  '/abnormalCardList': () => import('../features/memberAssets/AbnormalCardListPage'),
  '/supplementOrCancellation': () => import('../features/memberAssets/SupplementOrCancellationPage'),
  '/OperationManagement': () => import('../features/memberOps/OperationManagementPage'),
  '/editMemberLifeCycle': () => import('../features/memberLifecycle/EditMemberLifeCyclePage'),
  '/memberBuyCardLiftcycle': () => import('../features/memberLifecycle/MemberBuyCardLifecyclePage'),
  '/personalAccount': () => import('../features/members/PersonalAccountPage'),
  '/userIntention': () => import('../features/members/UserIntentionPage'),
  '/tabsManagement': () => import('../features/memberCare/TabsManagementPage'),
  '/memberFile': () => import('../features/memberCare/MemberFilePage'),
  '/follow': () => import('../features/memberCare/FollowPage'),
  '/close': () => import('../features/memberMoves/ClosePage'),
  '/closeDetail': () => import('../features/memberMoves/CloseDetailPage'),
  '/moveIn': () => import('../features/memberImport/MoveInPage'),
  '/moveInDetailList': () => import('../features/memberImport/MoveInDetailListPage'),
  '/moveInDetail': () => import('../features/memberImport/MoveInDetailPage'),
  '/productList': () => import('../features/goods/ProductListPage'),
  '/productDetail': () => import('../features/goods/ProductDetailPage'),
  '/productSort': () => import('../features/goods/ProductSortPage'),
  '/projectList': () => import('../features/goods/ProjectListPage'),
  '/projectDetail': () => import('../features/goods/ProjectDetailPage'),
  '/couponList': () => import('../features/goods/CouponListPage'),
  '/couponDetail': () => import('../features/goods/CouponDetailPage'),
  '/projectConstraints': () => import('../features/goods/ProjectConstraintsPage'),
  '/projectConstraintsDetail': () => import('../features/goods/ProjectConstraintsDetailPage'),
  '/advanceVerification': () => import('../features/goods/AdvanceVerificationPage'),
  '/crossLevelDrawConfig': () => import('../features/goods/CrossLevelDrawConfigPage'),
  '/openCommodityRelation': () => import('../features/goods/OpenCommodityRelationPage'),
  '/XCXConfig': () => import('../features/goods/XCXConfigPage'),
  '/projectLabelSetList': () => import('../features/goods/ProjectLabelSetListPage'),
  '/packageList': () => import('../features/goods/PackageListPage'),
  '/packageDetail': () => import('../features/goods/PackageDetailPage'),
  '/productPackageList': () => import('../features/goods/ProductPackageListPage'),
  '/productPackageDetail': () => import('../features/goods/ProductPackageDetailPage'),
  '/associatedList': () => import('../features/goods/AssociatedListPage'),
  '/associatedDetail': () => import('../features/goods/AssociatedDetailPage'),
  '/associatedProjectList': () => import('../features/goods/AssociatedProjectListPage'),
  '/associatedProjectDetail': () => import('../features/goods/AssociatedProjectDetailPage'),
  '/minorHealingProjectList': () => import('../features/goods/MinorHealingProjectListPage'),
  '/storeList': () => import('../features/stores/StoreListPage'),
  '/storeDetail': () => import('../features/stores/StoreDetailPage'),
  '/bookProdLst': () => import('../features/storeOrders/BookProdLstPage'),
  '/bookProdDetail': () => import('../features/storeOrders/BookProdDetailPage'),
  '/bookProdLstNew': () => import('../features/storeOrders/BookProdLstNewPage'),
  '/bookProdDetailNew': () => import('../features/storeOrders/BookProdDetailNewPage'),
  '/mall_goodsList': () => import('../features/goods/MallGoodsListPage'),
  '/mall_goodDetail': () => import('../features/goods/MallGoodDetailPage'),
  '/onlineOrderList': () => import('../features/mall/OnlineOrderListPage'),
  '/onlineOrderDetail': () => import('../features/mall/OnlineOrderDetailPage'),
  '/wscEarnestOrder': () => import('../features/mall/WscEarnestOrderPage'),
  '/returnList': () => import('../features/mall/ReturnListPage'),
  '/bookProdPayDetail': () => import('../features/storeOrders/BookProdPayDetailPage'),
  '/aestheticProductDetail': () => import('../features/storeOrders/AestheticProductDetailPage'),
  '/materialBookProdLstNew': () => import('../features/storeOrders/MaterialBookProdLstNewPage'),
  '/materialBookProdDetail': () => import('../features/storeOrders/MaterialBookProdDetailPage'),
  '/orderConfiguration': () => import('../features/storeOrders/OrderConfigurationPage'),
  '/orderDetails': () => import('../features/bills/OrderDetailsPage'),
  '/orderDetail': () => import('../features/memberAccount/OrderDetailPage'),
  '/barCodeDatabase': () => import('../features/storesMore/BarCodeDatabasePage'),
  '/memberReceiveAudit': () => import('../features/storesMore/MemberReceiveAuditPage'),
  '/posList': () => import('../features/storesMore/PosListPage'),
  '/swiftpassStore': () => import('../features/storesMore/SwiftpassStorePage'),
  '/staffManager': () => import('../features/staff/StaffManagerPage'),
  '/staffDetail': () => import('../features/staff/StaffDetailPage'),
  '/increaseHairStaff': () => import('../features/staff/HairGrowthStaffPage'),
  '/medicalSupervisor': () => import('../features/staff/MedicalSupervisorPage'),
  '/refundDetail': () => import('../features/refunds/RefundDetailPage'),
  '/refundList': () => import('../features/refunds/RefundListPage'),
  '/channelList': () => import('../features/channels/ChannelListPage'),
  '/qrCodeManage': () => import('../features/channels/QrCodeManagePage'),
  '/qrEstablish': () => import('../features/channels/QrEstablishPage'),
  '/qrCodeDetail': () => import('../features/channels/QrCodeDetailPage'),
  '/stManagement': () => import('../features/content/StManagementPage'),
  '/newSoftText': () => import('../features/content/NewSoftTextPage'),
  '/evaluationList': () => import('../features/evaluations/EvaluationListPage'),
  '/evaluationDetailList': () => import('../features/evaluations/EvaluationDetailPage'),
  '/evaManagement': () => import('../features/evaluations/EvaManagementPage'),
  '/evaluateSetting': () => import('../features/evaluations/EvaluateSettingPage'),
  '/openPlatform': () => import('../features/groupBuy/OpenPlatformPage'),
  '/tpl': () => import('../features/groupBuy/TplPage'),
  '/douyinStoreList': () => import('../features/groupBuy/DouyinStoreListPage'),
  '/onlineCouponList': () => import('../features/groupBuy/OnlineCouponListPage'),
  '/onlineCouponRefundList': () => import('../features/groupBuy/OnlineCouponRefundListPage'),
  '/onlineCouponRefundDetail': () => import('../features/groupBuy/OnlineCouponRefundDetailPage'),
  '/detetionConfig': () => import('../features/examinations/DetetionConfigPage'),
  '/examiningDetail': () => import('../features/examinations/ExaminingDetailPage'),
  '/examiningReport': () => import('../features/examinations/ExaminingReportPage'),
};

/**
 * The loader of the page a shell path shows ('/' redirects to /welcome; a route without a page of
 * its own, the report page); none for a path outside the route table.
 */
export const pageLoaderFor = (path: string): (() => Promise<PageModule>) | undefined =>
  path === '/' || path === PUBLIC_PATHS.welcome
    ? WELCOME_LOADER
    : (PAGE_LOADERS[path] ?? (routeByPath(path) ? REPORT_PAGE_LOADER : undefined));
