import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Product } from '@studio/shared';
import type { ReactNode } from 'react';

/** A stock action on one product: open while a product is chosen, full screen on a phone, the form fresh per product. */
export function ProductModal({ product, title, onClose, testId, children }: { product: Product | null; title: string; onClose: () => void; testId: string; children: (product: Product) => ReactNode }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={product !== null} onClose={onClose} title={title} centered fullScreen={phone} data-testid={testId}>
      {product && <div key={product.id}>{children(product)}</div>}
    </Modal>
  );
}
