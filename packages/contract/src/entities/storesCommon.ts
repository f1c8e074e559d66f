/**
 * What the store pages of the payment and receiving areas share (/barCodeDatabase,
 * /memberReceiveAudit, /posList, /swiftpassStore): the store and product choices of their forms.
 */

/** A store of the caller's data scope, for a form's store picker. */
export interface StorePick {
  id: number;
  /** 门店名称（编码）. */
  name: string;
}

/** A product for a form's product picker. */
export interface ProductPick {
  id: number;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
}
