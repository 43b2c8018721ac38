import { describe, expect, it } from 'vitest';
import { affectedByWrite, resources } from './registry.js';

describe('affectedByWrite: what a write refreshes, from the declared references', () => {
  it('a write refreshes what it references (their usage counts) and what references it (their lists)', () => {
    // a booking written with a package and an artist changes their "In use"
    expect(affectedByWrite(resources.bridalBookings.name)).toEqual(expect.arrayContaining(['bridalbookings', 'bridalpackages', 'users']));
    // a renamed package is shown by name in the bookings list
    expect(affectedByWrite(resources.bridalPackages.name)).toEqual(['bridalpackages', 'bridalbookings']);
    // program types and sessions: the makeup and hostel trainees use them
    expect(affectedByWrite(resources.trainingPrograms.name)).toEqual(['training-programs', 'students']);
    expect(affectedByWrite(resources.students.name)).toEqual(expect.arrayContaining(['students', 'training-programs', 'training-session', 'hostel-students']));
  });
  it('follows a new declaration with no other change (resource N+1)', () => {
    const all = [
      ...Object.values(resources).filter((r) => r.name !== 'products'),
      { name: 'suppliers', references: {} },
      { name: 'products', references: { ...resources.products.references, supplier_id: 'suppliers' } },
    ];
    expect(affectedByWrite('products', all)).toContain('suppliers');
    expect(affectedByWrite('suppliers', all)).toContain('products');
  });
  it('every declared reference names a resource of the registry', () => {
    const names = Object.values(resources).map((r) => r.name);
    for (const r of Object.values(resources)) for (const target of Object.values(r.references)) expect(names, `${r.name} -> ${target}`).toContain(target);
  });
});
