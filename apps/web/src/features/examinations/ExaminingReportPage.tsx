/**
 * /examiningReport 检测报告 on the report engine (contract EXAMINING_REPORT). Opened with a member's
 * id (/examiningReport?memberId=N, as the member page's tab does) it shows only that member's
 * reports; bare, every report in the caller's data scope, with its search form in the URL.
 */
import { EXAMINING_REPORT } from '@zb/contract/reports/examinations';
import { useLocation } from 'react-router';
import { ReportView } from '../../platform/report/ReportView';

export const memberIdOfSearch = (search: string): number | null => {
  const raw = new URLSearchParams(search).get('memberId');
  const n = Number(raw);
  return raw !== null && /^\d{1,10}$/.test(raw) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export default function ExaminingReportPage() {
  const memberId = memberIdOfSearch(useLocation().search);
  return memberId === null ? (
    <ReportView decl={EXAMINING_REPORT} />
  ) : (
    <ReportView key={memberId} decl={EXAMINING_REPORT} fixed={{ memberId }} />
  );
}
