import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_TEST_TIMEOUT, makeUser, renderRoutes, setupUser } from '../../test/helpers';
import { ProfilePhotoModal } from './profile-photo.modal';

// jsdom has no object URLs: number them, and record which were released
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let made = 0;
const revoked: string[] = [];
beforeEach(() => {
  made = 0;
  revoked.length = 0;
  URL.createObjectURL = () => `blob:photo-${++made}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

function previewSrc(): string | null {
  return screen.getByTestId('photo-modal').querySelector('img')?.getAttribute('src') ?? null;
}

describe('ProfilePhotoModal preview', () => {
  it(
    'shows the chosen picture, releases its URL when another is chosen or on close, and falls back to the stored photo',
    async () => {
      const user = setupUser();
      const staff = makeUser({ profile_photo: 'uploads/profile/7-old.png' });
      const onClose = vi.fn();
      renderRoutes([{ path: '/', element: <ProfilePhotoModal user={staff} opened onClose={onClose} /> }], '/');
      await waitFor(() => expect(previewSrc()).toMatch(/uploads\/profile\/7-old\.png$/));

      const input = screen.getByTestId('photo-modal').querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(input, new File(['a'], 'a.png', { type: 'image/png' }));
      await waitFor(() => expect(previewSrc()).toBe('blob:photo-1'));

      await user.upload(input, new File(['b'], 'b.png', { type: 'image/png' }));
      await waitFor(() => expect(previewSrc()).toBe('blob:photo-2'));
      expect(revoked).toEqual(['blob:photo-1']);

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onClose).toHaveBeenCalled();
      await waitFor(() => expect(revoked).toEqual(['blob:photo-1', 'blob:photo-2']));
      expect(previewSrc()).toMatch(/uploads\/profile\/7-old\.png$/);
    },
    COMPONENT_TEST_TIMEOUT,
  );
});
