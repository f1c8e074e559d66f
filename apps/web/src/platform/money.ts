/** Amounts are integer 分 everywhere; the console shows them as ¥ with two decimals (GLOSSARY). */
export const formatFen = (fen: number | null | undefined): string => {
  if (fen === null || fen === undefined) return '—';
  const yuan = fen / 100;
  return `¥${yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};
