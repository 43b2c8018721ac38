import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A naira amount: ₦ prefix, thousands separated, at most 2 decimals, never negative (the API refuses one anyway). */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput prefix="₦" thousandSeparator="," decimalScale={2} min={0} allowNegative={false} inputMode="decimal" {...props} />;
}
