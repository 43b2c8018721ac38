import { suppliers } from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

/** Suppliers: /products/suppliers. */
export const suppliersUi = defineResourceUi({
  resource: suppliers,
  columns: [{ key: 'name', label: 'Name', nowrap: true }],
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true }],
});

export function SuppliersPage({ title }: { title: string }) {
  return <ResourceListPage ui={suppliersUi} title={title} csv={{ name: 'suppliers' }} />;
}
