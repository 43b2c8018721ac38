import { Alert, Avatar, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import type { User } from '@studio/shared';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest, segment } from '../../lib/api-client';
import { getCurrentUser, updateStoredUser } from '../../lib/auth-store';
import { assetUrl } from '../../lib/config';
import { notify } from '../../lib/notify';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be a profile photo, or null when it can (the server checks the bytes again). */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'The photo must be a JPEG, PNG or WebP image.';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must not be larger than 5 MB.';
  return null;
}

/** POST /api/users/{id}/photo, multipart field `photo`. */
export function ProfilePhotoModal({ user, opened, onClose }: { user: User | null; opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  // the chosen file with its object URL, made when it is chosen; the effect only releases the URL
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const file = picked?.file ?? null;
  const preview = picked?.url ?? assetUrl(user?.profile_photo);

  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  function close() {
    setPicked(null);
    setError(null);
    onClose();
  }

  async function upload() {
    if (!user || !file) return;
    const problem = photoProblem(file);
    if (problem) return setError(problem);
    const form = new FormData();
    form.append('photo', file);
    setSaving(true);
    try {
      const { data } = await apiRequest<{ data: User }>(`/api/users/${segment(user.id)}/photo`, { method: 'POST', body: form });
      await client.invalidateQueries({ queryKey: ['users'] });
      if (getCurrentUser()?.id === data.id) updateStoredUser(data);
      notify.success(`Photo of ${user.name} updated.`);
      close();
    } catch (e) {
      if (e instanceof ApiError) setError(e.status === 413 ? 'The photo must not be larger than 5 MB.' : e.firstError('photo'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Profile photo: ${user?.name ?? ''}`} centered data-testid="photo-modal">
      <Stack>
        <Group justify="center">
          <Avatar src={preview} name={user?.name} color="initials" size={120} radius={120} />
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        <FileInput
          label="Photo"
          description="JPEG, PNG or WebP, up to 5 MB"
          accept={PHOTO_TYPES.join(',')}
          leftSection={<IconUpload size={16} />}
          value={file}
          clearable
          onChange={(f) => {
            setPicked(f ? { file: f, url: URL.createObjectURL(f) } : null);
            setError(f ? photoProblem(f) : null);
          }}
          placeholder="Choose a picture"
        />
        <Text size="xs" c="dimmed">
          The picture shows in the header and the staff list.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={upload} loading={saving} disabled={!file || error !== null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
