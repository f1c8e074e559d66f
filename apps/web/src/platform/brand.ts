/** The product's name: page title, login card and top bar. */
export const BRAND = '总部后台';

export const pageTitle = (title?: string): string => (title ? `${title} - ${BRAND}` : BRAND);
