/**
 * 软文 end to end (issue 16): a new user writes an article on /newSoftText with the rich-text
 * editor (typing, 加粗 from the toolbar, and pasted HTML carrying a script and an onerror
 * handler), saves it, and sees its 预览 as the server stored it — the bold kept, the script and
 * the handler gone — then finds it 草稿 on /stManagement.
 */
import { describe, expect, it } from 'vitest';
import { button, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

describe('/newSoftText as a new user meets it', () => {
  it('writes, saves and previews an article; the stored HTML is sanitised', async () => {
    const { page } = await browser.newPage();
    const title = `端到端软文${Date.now() % 100_000}`;
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    await page.goto('/stManagement');
    await page.getByRole('button', { name: /新增软文/ }).click();
    await page.waitForURL('**/newSoftText?create=1');
    const form = page.getByRole('form', { name: '新增软文' });
    await form.getByLabel('标题').fill(title);
    await form.getByLabel('摘要').fill('端到端的摘要');

    const body = form.getByRole('textbox', { name: '正文' });
    await body.click();
    await page.keyboard.type('每周一次深层清洁');
    await page.keyboard.press('ControlOrMeta+A');
    await button(form, '加粗').click();
    await page.keyboard.press('End');
    // A paste of HTML from elsewhere: what the editor holds is what it sends.
    await body.evaluate((el) => {
      el.insertAdjacentHTML(
        'beforeend',
        '<p>头皮<img src="/upload/tip.png" onerror="alert(1)"></p><script>alert(2)</script>',
      );
      el.dispatchEvent(new InputEvent('input', { bubbles: true }));
    });
    await button(form, '保存').click();
    await page.waitForURL(/\/newSoftText\?id=\d+$/, { timeout: 30_000 });

    const preview = page.getByTestId('soft-text-preview');
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.locator('strong, b').first().textContent()).toBe('每周一次深层清洁');
    const stored = await preview.innerHTML();
    expect(stored).toContain('头皮');
    expect(stored).toContain('/upload/tip.png');
    expect(stored).not.toMatch(/onerror|<script|alert/);

    await page.goto('/stManagement');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('草稿').waitFor();
  });
});
