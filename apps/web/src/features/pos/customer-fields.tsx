import { formatPhone } from '@studio/shared';
import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import type { Dispatch } from 'react';
import type { RecentCustomer } from '../../lib/offline/outbox';
import { matchRecentCustomers, useRecentCustomers } from '../../lib/offline/recent-customers';
import type { Cart, CartAction } from './cart';

/**
 * The cart's customer: a name and a phone, each offering this device's recent customers as it is typed (by name or
 * by phone; issue 18). Picking one fills both. It works offline; online, the phone then finds the client (issue 21).
 */
export function CustomerFields({ cart, dispatch }: { cart: Pick<Cart, 'customerName' | 'customerPhone'>; dispatch: Dispatch<CartAction> }) {
  const recent = useRecentCustomers();
  // the customer already chosen is not offered again
  const others = recent.filter((c) => c.name !== cart.customerName || c.phone !== cart.customerPhone);
  const pick = (c: RecentCustomer) => dispatch({ type: 'setCustomer', name: c.name, phone: c.phone });
  return (
    <Group grow gap="xs" align="flex-start">
      <RecentCustomerInput
        label="Customer name"
        placeholder="Walk-in customer"
        value={cart.customerName}
        onChange={(name) => dispatch({ type: 'setCustomer', name })}
        options={matchRecentCustomers(others, cart.customerName)}
        onPick={pick}
        maxLength={100}
        testId="cart-customer-name"
      />
      <RecentCustomerInput
        label="Phone"
        placeholder="0803 000 0000"
        type="tel"
        inputMode="tel"
        value={cart.customerPhone}
        onChange={(phone) => dispatch({ type: 'setCustomer', phone })}
        options={matchRecentCustomers(others, cart.customerPhone)}
        onPick={pick}
        maxLength={30}
        testId="cart-customer-phone"
      />
    </Group>
  );
}

interface InputProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly RecentCustomer[];
  onPick: (customer: RecentCustomer) => void;
  maxLength: number;
  testId: string;
  type?: 'tel';
  inputMode?: 'tel';
}

/** A text input whose dropdown lists the recent customers it matches (arrows and Enter, or a tap, pick one). */
function RecentCustomerInput({ options, onPick, onChange, testId, ...input }: InputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(phone) => {
        const chosen = options.find((c) => c.phone === phone);
        if (chosen) onPick(chosen);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          {...input}
          autoComplete="off"
          onChange={(e) => {
            onChange(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0} data-testid="recent-customers">
        <Combobox.Options>
          {options.map((c) => (
            <Combobox.Option value={c.phone} key={c.phone} data-testid="recent-customer">
              <Text size="sm" fw={600} truncate="end">
                {c.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatPhone(c.phone)}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
