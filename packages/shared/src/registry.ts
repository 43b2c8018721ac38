import { bridalPackages } from './resources/bridal-packages.js';
import { bridalBookings } from './resources/bridal-bookings.js';
import { students } from './resources/students.js';
import { officeStudents } from './resources/office-students.js';
import { hostelStudents } from './resources/hostel-students.js';
import { finances } from './resources/finances.js';
import { extraPrograms } from './resources/extra-programs.js';
import { trainingPrograms } from './resources/training-programs.js';
import { trainingSessions } from './resources/training-sessions.js';
import { users } from './resources/users.js';
import { products } from './resources/products.js';
import { clients } from './resources/clients.js';
import { appointments } from './resources/appointments.js';
import { suppliers } from './resources/suppliers.js';
import { commissionRules } from './resources/commission-rules.js';
import { servicePackages } from './resources/service-packages.js';

/** Every resource served by the generic CRUD mechanism. Adding one is a schema file and a line here. */
export const resources = { users, trainingPrograms, trainingSessions, extraPrograms, bridalPackages, products, bridalBookings, students, officeStudents, hostelStudents, finances, clients, appointments, suppliers, commissionRules, servicePackages } as const;

/**
 * The resources whose cached lists and usage counts a write to `name` can change, from the declared `references`:
 * itself; what it references (a booking written with a package changes the package's "In use"); and what references
 * it (a renamed package is shown by name in the bookings list). The web refreshes each of them after a write.
 */
export function affectedByWrite(name: string, all: readonly { name: string; references: Readonly<Record<string, string>> }[] = Object.values(resources)): string[] {
  const self = all.find((r) => r.name === name);
  const referenced = Object.values(self?.references ?? {});
  const referrers = all.filter((r) => Object.values(r.references).includes(name)).map((r) => r.name);
  return [...new Set([name, ...referenced, ...referrers])];
}
