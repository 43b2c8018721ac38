import { Group, Text } from '@mantine/core';
import { studio } from '../config';

/** The studio's mark: a gold drop (foundation) with a pink dot (lip colour), in the brand colours. */
export function StudioMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={`${studio.name} logo`} data-testid="studio-mark">
      <rect width="64" height="64" rx="14" fill="#C99A4F" />
      <path d="M32 12c-6 8-12 15-12 24a12 12 0 0 0 24 0c0-9-6-16-12-24z" fill="#fff" />
      <circle cx="32" cy="37" r="5" fill="#E05A89" />
    </svg>
  );
}

export function StudioLogo({ size = 36, withName = true, tagline = false }: { size?: number; withName?: boolean; tagline?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="studio-logo">
      <StudioMark size={size} />
      {withName && (
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size={size >= 48 ? 'xl' : 'lg'} lh={1.1} truncate="end" style={{ letterSpacing: 0.3 }}>
            {studio.name}
          </Text>
          {tagline && (
            <Text size="xs" c="dimmed" truncate="end">
              {studio.tagline}
            </Text>
          )}
        </div>
      )}
    </Group>
  );
}
