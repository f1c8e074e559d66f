/**
 * The choices of a report filter's picker (`picker` in report/define.ts), for the report page's
 * search form: the stores of the caller's data scope, the regions (大区) of it, the staff of its
 * stores (those who left too: reports look back), the products, the projects and the card products.
 * Any signed-in user with a role may ask (the answer is cut to their own scope; a store's name
 * is no secret to whoever may open one of its reports), so one list serves every report page and
 * every member tab that embeds a view.
 */

import { type Endpoint, endpoint, OPEN } from '../api/endpoint';
import type { ProductPick, StorePick } from '../entities/storesCommon';
import type { FilterPicker } from './define';

/** What a picker answers: `{ id, name }` in display order (a lookup list). */
export interface PickerItem {
  id: number;
  name: string;
}

export const REPORT_PICKER_API = {
  store: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/report/pick/store',
    access: OPEN,
    summary: '报表可选门店（数据范围内）',
  }),
  region: endpoint<undefined, undefined, PickerItem[]>({
    method: 'GET',
    path: '/rest/report/pick/region',
    access: OPEN,
    summary: '报表可选大区（数据范围内）',
  }),
  staff: endpoint<undefined, undefined, PickerItem[]>({
    method: 'GET',
    path: '/rest/report/pick/staff',
    access: OPEN,
    summary: '报表可选员工（数据范围内）',
  }),
  product: endpoint<undefined, undefined, ProductPick[]>({
    method: 'GET',
    path: '/rest/report/pick/product',
    access: OPEN,
    summary: '报表可选产品',
  }),
  project: endpoint<undefined, undefined, PickerItem[]>({
    method: 'GET',
    path: '/rest/report/pick/project',
    access: OPEN,
    summary: '报表可选项目',
  }),
  card: endpoint<undefined, undefined, PickerItem[]>({
    method: 'GET',
    path: '/rest/report/pick/card',
    access: OPEN,
    summary: '报表可选卡项',
  }),
} as const satisfies Record<FilterPicker, Endpoint<undefined, undefined, PickerItem[]>>;

/** The endpoint of a picker's choices. */
export const pickerEndpoint = (picker: FilterPicker): Endpoint<undefined, undefined, PickerItem[]> =>
  REPORT_PICKER_API[picker];
