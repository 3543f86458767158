/** Formatting money and pictures the enterprise's way, in the current locale. */
import { useCallback, useMemo } from 'react';
import { formatMoney, formatPrice, normalizeNumberFormats } from '../../shared/domain/numbers';
import { useAppSelector } from '../app/hooks';
import { selectLocale } from '../app/uiSlice';
import { selectEntity } from '../session';

export function useMoney() {
  const entity = useAppSelector(selectEntity);
  const locale = useAppSelector(selectLocale);
  const formats = useMemo(() => normalizeNumberFormats(entity ?? {}), [entity]);
  const symbol = entity?.CurrencySymbol;
  const amount = useCallback((v: string | number) => formatMoney(v, formats, symbol, locale), [formats, symbol, locale]);
  const price = useCallback((v: string | number) => formatPrice(v, formats, symbol, locale), [formats, symbol, locale]);
  return { amount, price, formats };
}

export { ossUrl } from './ossUrl';
