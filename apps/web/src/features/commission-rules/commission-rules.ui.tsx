import {
  COMMISSION_APPLIES_TO,
  COMMISSION_BASES,
  COMMISSION_BASIS_LABELS,
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  COMMISSION_TIER_MODE_LABELS,
  COMMISSION_TIER_MODES,
  commissionRules,
} from '@studio/shared';
import { ResourceListPage } from '../../crud/resource-list-page';
import { defineResourceUi } from '../../crud/resource-ui';

const APPLIES_LABELS = { service: 'Services', product: 'Products' } as const;
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/**
 * Commission rules: /staff/commission-rules (issue 32). A change from a date is a new rule of the same scope from
 * that date (the old one still prices the days before it); tiers are set through the API (docs/api.md).
 */
export const commissionRulesUi = defineResourceUi({
  resource: commissionRules,
  columns: [
    { key: 'name', label: 'Name', nowrap: true },
    { key: 'staff_id', label: 'Staff member', kind: 'reference' },
    { key: 'role', label: 'Role' },
    { key: 'applies_to', label: 'On', render: (r) => APPLIES_LABELS[r.applies_to] },
    { key: 'category', label: 'Category', priority: 4 },
    { key: 'rate', label: 'Rate', render: (r) => (r.kind === 'flat' ? `₦${r.rate} per item` : `${r.rate}%${r.tiers.length ? ` (tiers, ${r.tier_mode})` : ''}`) },
    { key: 'basis', label: 'On price', render: (r) => COMMISSION_BASIS_LABELS[r.basis], priority: 4 },
    { key: 'effective_from', label: 'From', kind: 'date' },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'Artists 10% on services' },
    { name: 'staff_id', label: 'Staff member', kind: 'reference', optionFilter: (u) => u.active === true, placeholder: 'Or a role below', description: 'One person; or leave it empty and give a role.' },
    { name: 'role', label: 'Role', kind: 'text', placeholder: 'Makeup Artist', description: 'Everyone of this role (as on Manage Staff).' },
    { name: 'applies_to', label: 'On', kind: 'select', options: options(COMMISSION_APPLIES_TO, APPLIES_LABELS), defaultValue: 'service', required: true },
    { name: 'category', label: 'Category', kind: 'text', placeholder: 'Any category' },
    { name: 'product_id', label: 'One service or product', kind: 'reference', placeholder: 'Any' },
    { name: 'kind', label: 'Kind', kind: 'select', options: options(COMMISSION_KINDS, COMMISSION_KIND_LABELS), defaultValue: 'percentage', required: true },
    { name: 'rate', label: 'Rate (% or ₦ per item)', kind: 'number', required: true },
    { name: 'basis', label: 'On the price', kind: 'select', options: options(COMMISSION_BASES, COMMISSION_BASIS_LABELS), defaultValue: 'charged', required: true },
    { name: 'business_cost', label: 'Business cost per item', kind: 'money', description: 'Taken off the price before the rate.' },
    { name: 'tier_mode', label: 'Tiers apply', kind: 'select', options: options(COMMISSION_TIER_MODES, COMMISSION_TIER_MODE_LABELS), defaultValue: 'whole' },
    { name: 'effective_from', label: 'In force from', kind: 'date', required: true },
    { name: 'note', label: 'Note', kind: 'textarea' },
  ],
});

export function CommissionRulesPage({ title }: { title: string }) {
  return <ResourceListPage ui={commissionRulesUi} title={title} csv={{ name: 'commission-rules' }} />;
}
