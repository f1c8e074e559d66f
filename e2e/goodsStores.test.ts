/**
 * Goods, stores and store ordering as a new user meets them: an administrator creates a product
 * sold by the bottle and a project whose session consumes 30 ml of it, creates a store in 华南大区,
 * places a store order for two bottles and takes it through 审核 and 发货 to 收货, and sees the
 * store's stock grow by those two bottles. Then the region manager of 华东大区, at another browser,
 * lists stores and sees only 华东's, and not the new store.
 */
import { describe, expect, it } from 'vitest';
import {
  button,
  columnTexts,
  confirmDialog,
  openDropdown,
  pick,
  signInRegionManager,
  submitPasswordLogin,
  useBrowser,
} from './browser';

const browser = useBrowser();

describe('goods, a store and its order, end to end', () => {
  it('creates a product, a project consuming it, a store, an order taken to 收货, and shows the stock', async () => {
    const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
    const productCode = `E2EP${n}`;
    const productName = `端到端洗发露${n}`;
    const projectName = `端到端头皮护理${n}`;
    const storeCode = `E2E${n}`;
    const storeName = `广州端到端测试店${n}`;

    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');

    // 1. A product sold by the 500 ml bottle.
    await page.goto('/productList');
    await page.getByRole('button', { name: /新增商品/ }).click();
    await page.waitForURL('**/productDetail?create=1');
    const productForm = page.getByRole('form', { name: '新增商品' });
    await productForm.getByLabel('商品编码').fill(productCode);
    await productForm.getByLabel('商品名称').fill(productName);
    await productForm.getByLabel('规格').fill('500ml/瓶');
    await productForm.getByLabel('每单位毫升数').fill('500');
    await productForm.getByLabel('零售价').fill('128');
    await productForm.getByLabel('成本价').fill('42');
    await button(productForm, '保存').click();
    await page.waitForURL(/\/productDetail\?id=\d+$/, { timeout: 30_000 });
    await page.getByText(productCode, { exact: true }).filter({ visible: true }).waitFor();

    // 2. A project whose session consumes 30 ml of it.
    await page.goto('/projectList');
    await page.getByRole('button', { name: /新增项目/ }).click();
    await page.waitForURL('**/projectDetail?create=1');
    const projectForm = page.getByRole('form', { name: '新增项目' });
    await projectForm.getByLabel('项目编码').fill(`E2EJ${n}`);
    await projectForm.getByLabel('项目名称').fill(projectName);
    await pick(page, projectForm, '项目类型');
    await projectForm.getByLabel('时长（分钟）').fill('60');
    await projectForm.getByLabel('价格').fill('198');
    await projectForm.getByRole('button', { name: '添加消耗商品' }).click();
    await projectForm.locator('.ant-select').filter({ hasText: '请选择商品' }).click();
    await page.keyboard.type(productCode);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: productCode }).click();
    await projectForm.getByLabel('消耗数量').fill('30');
    await button(projectForm, '保存').click();
    await page.waitForURL(/\/projectDetail\?id=\d+$/, { timeout: 30_000 });
    await page.getByText(`${productName} 30毫升`, { exact: false }).filter({ visible: true }).first().waitFor();

    // 3. A store in 华南大区, open for business.
    await page.goto('/storeList');
    await page.getByRole('button', { name: /新增门店/ }).click();
    await page.waitForURL('**/storeDetail?create=1');
    const storeForm = page.getByRole('form', { name: '新增门店' });
    await storeForm.getByLabel('门店编码').fill(storeCode);
    await storeForm.getByLabel('门店名称').fill(storeName);
    await pick(page, storeForm, '所属大区', '华南大区');
    await pick(page, storeForm, '门店类型', '直营店');
    await pick(page, storeForm, '状态', '营业');
    await button(storeForm, '保存').click();
    await page.waitForURL(/\/storeDetail\?id=\d+$/, { timeout: 30_000 });
    const storeUrl = page.url();
    await page.getByRole('table', { name: '当前库存' }).getByText('该门店暂无库存').waitFor();

    // 4. An order of two bottles for the store, taken to 收货.
    await page.goto('/bookProdLstNew');
    await page.getByRole('button', { name: /新增订货/ }).click();
    await page.waitForURL('**/bookProdDetailNew?create=1');
    await page.getByLabel('订货门店').click();
    await page.keyboard.type(storeCode);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: storeCode }).click();
    if ((await page.getByLabel('选择商品').count()) === 0) await page.getByRole('button', { name: '添加商品' }).click();
    await page.getByLabel('选择商品').click();
    await page.keyboard.type(productCode);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: productCode }).click();
    await page.getByLabel('数量').fill('2');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/bookProdDetailNew\?id=\d+$/, { timeout: 30_000 });
    await page.getByText('已提交', { exact: true }).filter({ visible: true }).first().waitFor();
    await button(page, '审核').click();
    await confirmDialog(page, /确定审核通过订单/);
    await page.getByText('已审核', { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
    await button(page, '发货').click();
    await confirmDialog(page, /已发货/);
    await page.getByText('已发货', { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
    await button(page, '收货').click();
    const receive = page.getByRole('dialog', { name: '确认收货' });
    // Click only once the dialog has zoomed in: a click aimed while it still grows can land beside the button.
    await expect.poll(() => receive.getAttribute('class'), { timeout: 10_000 }).not.toMatch(/ant-zoom-(appear|enter)/);
    await receive.getByRole('button', { name: '确认收货' }).click();
    await receive.waitFor({ state: 'hidden' });
    await page.getByText('已收货', { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });

    // 5. The store now holds the two bottles, moved in by the receipt.
    await page.goto(storeUrl);
    const stock = page.getByRole('table', { name: '当前库存' });
    const line = stock.getByRole('row').filter({ hasText: productCode });
    await line.waitFor({ timeout: 30_000 });
    expect(await line.getByRole('cell', { name: '2瓶', exact: true }).count()).toBe(1);
    await page.getByRole('tab', { name: '最近出入库' }).click();
    const moved = page.getByRole('table', { name: '最近出入库' }).getByRole('row').filter({ hasText: productName });
    await moved.waitFor();
    expect(await moved.innerText()).toMatch(/订货收货[\s\S]*\+2瓶[\s\S]*2瓶/);
    await context.close();

    // 6. The region manager of 华东大区 sees only 华东's stores, and not the new one in 华南.
    const other = await browser.newPage();
    await signInRegionManager(other.page);
    await other.page.goto('/storeList?pageSize=100');
    await other.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const regions = await columnTexts(other.page, '大区');
    expect(regions.length).toBeGreaterThan(5);
    expect(new Set(regions)).toEqual(new Set(['华东大区']));
    expect(await other.page.getByText(storeName).count()).toBe(0);
    await other.context.close();
  });
});
