import { Button } from '@mantine/core';
import { suppliers, type Supplier } from '@studio/shared';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';
import { SupplierPayablesModal } from './supplier-payables.modal';

/** Suppliers: /products/suppliers (admin). A product names its usual one; a restock, who delivered it. */
export const suppliersUi = defineResourceUi({
  resource: suppliers,
  usage: true,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'phone', label: 'Phone', kind: 'phone', nowrap: true, priority: 2 },
    { key: 'email', label: 'Email', priority: 3 },
    { key: 'address', label: 'Address', priority: 4 },
    { key: 'notes', label: 'Notes', only: 'csv' },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Glow Beauty Supplies' },
    { name: 'phone', label: 'Phone', kind: 'phone', placeholder: '0803 123 4567' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'address', label: 'Address', kind: 'text', wide: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', placeholder: 'Delivery days, account number...' },
  ],
});

/**
 * The list with search (name, phone, email, address), CSV, add, edit and delete (refused while a product or restock
 * names it), and each supplier's "Owed": restocks bought on credit and the payments against them (issue 28).
 */
export function SuppliersPage({ title }: { title: string }) {
  const [open, setOpen] = useState<Supplier | null>(null);
  return (
    <>
      <ResourceListPage
        ui={suppliersUi}
        title={title}
        csv={{ name: 'suppliers' }}
        rowActions={(s) => (
          <Button size="xs" variant="light" leftSection={<IconCash size={14} />} onClick={() => setOpen(s)} data-testid="supplier-owed-open">
            Owed
          </Button>
        )}
      />
      <SupplierPayablesModal supplier={open} onClose={() => setOpen(null)} />
    </>
  );
}
