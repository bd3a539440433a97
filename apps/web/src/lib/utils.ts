import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. Deliberately without tailwind-merge (~9 KB gzipped, which the landing page's
 * 100 KB budget cannot afford): a component's `className` adds layout (margin, width, grid
 * placement); colours and sizes come from the primitives' variants, never from overrides.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
