/** The 折扣方案 form's own controls. */
import { SaleItemsInput } from './SaleItemsInput';

export const SALE_INPUTS = { items: SaleItemsInput };
