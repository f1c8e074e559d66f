/**
 * /newSoftText: a saved article shows its fields and, under them, the stored (server-sanitised)
 * HTML as its preview; editing puts that HTML in the editor.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/stManagement';
const route = routeByPath(PAGE)!;

const article = {
  id: 4,
  title: '秋冬季头皮护理',
  category: 'knowledge',
  cover: [],
  summary: '五个要点',
  status: 'published',
  publishedAt: '2026-11-20T02:00:00.000Z',
  reads: 12,
  updatedAt: '2026-11-20T02:00:00.000Z',
  content: '<h2>换季掉发</h2><p><strong>每周</strong>一次深层清洁</p>',
};

describe('/newSoftText', { timeout: 60_000 }, () => {
  it('previews the stored HTML and puts it in the editor to edit', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-YHFA-PAG', name: '平台优惠方案', description: '' },
          { code: route.code!, name: '软文管理', description: '' },
        ],
        btn: ['add', 'edit', 'delete', 'export'].map((b) => buttonCodeOf(PAGE, b)),
      }),
    );
    stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/softText/detail/4') return { body: envelope(article) };
      if (path === '/rest/upload/limits')
        return { body: envelope({ maxKb: 2048, types: ['image/png', 'image/jpeg'] }) };
      return { body: envelope([]) };
    });
    renderApp('/newSoftText?id=4');
    const preview = await screen.findByTestId('soft-text-preview', {}, SLOW);
    expect(preview.querySelector('h2')?.textContent).toBe('换季掉发');
    expect(preview.querySelector('strong')?.textContent).toBe('每周');
    expect(screen.getAllByText('已发布').length).toBeGreaterThan(0);

    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }, SLOW));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '正文' }).innerHTML).toBe(article.content), SLOW);
  });
});
