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

/** Every resource served by the generic CRUD mechanism. Adding one is a schema file and a line here. */
export const resources = { users, trainingPrograms, trainingSessions, extraPrograms, bridalPackages, products, bridalBookings, students, officeStudents, hostelStudents, finances, clients, appointments } as const;
