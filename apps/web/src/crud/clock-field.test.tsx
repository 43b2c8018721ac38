import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setClockFormat } from '../lib/studio-time';
import { COMPONENT_TEST_TIMEOUT, renderWithProviders, setupUser } from '../test/helpers';
import { FieldInput } from './field-input';
import type { FieldDef, FormValue } from './resource-ui';

// A time field is written on the studio's clock (issue 34, item 7): the native time input followed the device's
// language ("12:00 PM" in one form, 24-hour elsewhere). Whatever it shows, its value is HH:mm on the 24-hour clock.

const field: FieldDef = { name: 'event_time', label: 'Event time', kind: 'time' };

function Harness({ initial, seen }: { initial: string; seen: FormValue[] }) {
  const [value, setValue] = useState<FormValue>(initial);
  return (
    <FieldInput
      field={field}
      value={value}
      error={null}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

afterEach(() => setClockFormat('24h'));

describe("a form's time field", () => {
  it('shows 14:30 on the 24-hour clock and takes typed hours and minutes as HH:mm', { timeout: COMPONENT_TEST_TIMEOUT }, async () => {
    const seen: FormValue[] = [];
    const user = setupUser();
    renderWithProviders(<Harness initial="14:30" seen={seen} />);
    expect(valueOf('Event time: hours')).toBe('14');
    expect(screen.queryByLabelText('Event time: AM or PM')).toBeNull();
    await user.clear(screen.getByLabelText('Event time: hours'));
    await user.type(screen.getByLabelText('Event time: hours'), '09');
    expect(seen.at(-1)).toBe('09:30');
  });

  it('shows 2:30 PM on the 12-hour clock, and its value stays 14:30', { timeout: COMPONENT_TEST_TIMEOUT }, async () => {
    setClockFormat('12h');
    const seen: FormValue[] = [];
    renderWithProviders(<Harness initial="14:30" seen={seen} />);
    expect(valueOf('Event time: hours')).toBe('02');
    expect(valueOf('Event time: minutes')).toBe('30');
    expect(valueOf('Event time: AM or PM')).toBe('PM');
    expect(document.querySelector<HTMLInputElement>('input[name=event_time]')!.value).toBe('14:30');
  });
});
