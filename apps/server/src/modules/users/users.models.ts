import type { User } from '@vigie/contract/auth.contract';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the password hash. */
export const toUserDto = (u: Omit<UserRow, 'passwordHash' | 'updatedAt'>): User => ({
  id: u.id,
  companyId: u.companyId,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role,
  isOwner: u.isOwner,
  city: u.city,
  timezone: u.timezone,
  language: u.language,
  createdAt: u.createdAt.toISOString(),
});
