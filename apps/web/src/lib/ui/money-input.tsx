import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A naira amount: ₦ prefix, thousands separated, at most 2 decimals. A minus sign typed is kept, not dropped or
 * clamped away on blur: the form's schema refuses the negative amount with a sentence (as the API would with a 422),
 * instead of saving a different amount than the one typed.
 */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput prefix="₦" thousandSeparator="," decimalScale={2} min={0} clampBehavior="none" allowNegative inputMode="decimal" {...props} />;
}
