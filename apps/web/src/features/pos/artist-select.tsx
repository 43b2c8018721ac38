import { Select } from '@mantine/core';
import { appointments } from '@studio/shared';
import { useReferenceOptions } from '../../crud/reference-options';

/**
 * Who did a service line (issue 32): any active staff member, from the list staff may read (the appointment book's
 * artists); empty is the seller. The line's commission goes to the one picked.
 */
export function ArtistSelect({ value, onChange, label }: { value: number | undefined; onChange: (staffId: number | undefined) => void; label: string }) {
  const artists = useReferenceOptions(appointments, { path: `${appointments.path}/artists` });
  return (
    <Select
      size="xs"
      mt={4}
      placeholder="Artist: me"
      aria-label={`Artist for ${label}`}
      data={artists.options}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      clearable
      searchable
      data-testid="cart-line-artist"
    />
  );
}
