// Column helpers shared by the schema's files.
import type { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const searchText = (expr: ReturnType<typeof sql>) =>
  text('search_text').notNull().generatedAlwaysAs(expr);
