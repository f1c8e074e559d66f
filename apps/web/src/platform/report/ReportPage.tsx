/**
 * The page of a report route: the declaration of REPORTS whose `page` is the route, on ReportView
 * with its state in the URL. app/pages.ts maps every such route here, so a new report is only a
 * declaration.
 */
import type { AnyReport } from '@zb/contract/report/define';
import { REPORTS } from '@zb/contract/reports/index';
import { useLocation } from 'react-router';
import NotBuilt from '../NotBuilt';
import { ReportView } from './ReportView';

/** The report whose own page is `path` (a declaration with fixed filters is embedded, not a page). */
export const reportOfPage = (path: string): AnyReport | undefined =>
  REPORTS.find((r) => r.page === path && !Object.values(r.filters).some((f) => f.fixed));

export function ReportPage({ path }: { path: string }) {
  const decl = reportOfPage(path);
  return decl ? <ReportView decl={decl} /> : <NotBuilt />;
}

/** The page at the current location (pages.ts passes the route's path itself). */
export default function ReportRoutePage() {
  return <ReportPage path={useLocation().pathname} />;
}
