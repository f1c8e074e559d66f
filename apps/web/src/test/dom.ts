/**
 * Quick lookups for page tests. Role queries over the whole shell compute every accessible name
 * and are very slow in jsdom (a page test took minutes), so these find things by class and text.
 */
import { waitFor } from '@testing-library/react';
import { SLOW } from './renderApp';

const present = <T extends HTMLElement>(selector: string, what: string) =>
  waitFor(() => {
    const el = document.querySelector<T>(selector);
    if (!el) throw new Error(`no ${what} yet`);
    return el;
  }, SLOW);

/** The body of the (first) table on screen, once there is one. */
export const tableBody = () => present('.ant-table-tbody', 'table');

/** The open drawer, once there is one. */
export const openDrawer = () => present('.ant-drawer [role="dialog"]', 'drawer');

/** The open modal, once there is one. */
export const openModal = () => present('.ant-modal', 'modal');

/** The button whose text matches (antd puts a space between two Chinese characters). */
export const buttonIn = (root: ParentNode, text: string): HTMLButtonElement | null => {
  const pattern = new RegExp(`^${[...text].join('\\s*')}$`);
  for (const b of root.querySelectorAll<HTMLButtonElement>('button')) {
    if (pattern.test((b.textContent ?? '').trim())) return b;
  }
  return null;
};

export const findButton = (root: ParentNode, text: string) =>
  waitFor(() => {
    const b = buttonIn(root, text);
    if (!b) throw new Error(`no button ${text} yet`);
    return b;
  }, SLOW);
