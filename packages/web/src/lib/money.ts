const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Prices are in Brazilian reais whatever the interface language (foundation §1). */
export const formatBRL = (value: number | string | null | undefined) => brl.format(Number(value ?? 0) || 0);
