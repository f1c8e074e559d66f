/**
 * The page of a route without a hand-written page (app/pages.ts): the declaration of REPORTS whose
 * `page` is the route, on ReportView with its state in the URL, or 本页尚未建成 when there is none.
 * So a new report is only a declaration. This chunk holds REPORTS and stays small: ReportView
 * (antd's table, the form) loads after it, and only for a report; the shell never holds REPORTS.
 */
import type { AnyReport } from '@zb/contract/report/define';
import { REPORTS } from '@zb/contract/reports/index';
import { routeByPath } from '@zb/contract/routes';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import NotBuilt from '../NotBuilt';

const loadView = () => import('./ReportView');
const ReportView = lazy(() => loadView().then((m) => ({ default: m.ReportView })));

/** A report shows on a page of its own when its page is a route and it needs no fixed filter (a tab's view). */
export const hasOwnPage = (r: AnyReport): boolean =>
  !!routeByPath(r.page) && !Object.values(r.filters).some((f) => f.fixed);

/** The report whose own page is `path`. */
export const reportOfPage = (path: string): AnyReport | undefined =>
  REPORTS.find((r) => r.page === path && hasOwnPage(r));

/** Every route the report page shows (a hand-written page at the same path wins: see app/pages.ts). */
export const reportPagePaths = (): string[] => REPORTS.filter(hasOwnPage).map((r) => r.page);

const pages = new Map<string, ComponentType>();

/** The component of a route without a page of its own: its report, or NotBuilt. */
export const pageOf = (path: string): ComponentType => {
  const decl = reportOfPage(path);
  if (!decl) return NotBuilt;
  // The view's chunk starts downloading now, beside the page's first render.
  void loadView();
  let page = pages.get(path);
  if (!page) {
    page = () => createElement(Suspense, { fallback: null }, createElement(ReportView, { decl }));
    pages.set(path, page);
  }
  return page;
};

/** The page at the current location, for a loader that does not pass the path. */
export default function ReportRoutePage() {
  const Page = pageOf(window.location.pathname);
  return <Page />;
}
