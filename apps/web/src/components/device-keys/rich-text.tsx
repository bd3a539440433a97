import { Fragment, type ReactNode } from 'react';

// A translated sentence with elements inside it (`<code>X-Api-Key</code>`): the message keeps
// {placeholders} where the elements go, so each language orders them as it needs:
//   const parts = { header: <code>X-Api-Key</code> };
//   richText(t('Envoyée dans l’en-tête {header}.', markers(parts)), parts)
// The markers are control characters that no message or user text holds.
const fence = '\u0001';

/** The values to give t(): each placeholder becomes a marker that richText() finds again. */
export function markers(parts: Record<string, ReactNode>): Record<string, string> {
  return Object.fromEntries(Object.keys(parts).map((name) => [name, `${fence}${name}${fence}`]));
}

/** The translated text with each marker replaced by its element. */
export function richText(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(fence).map((piece, index) =>
    // Odd pieces sit between two fences: they are placeholder names.
    index % 2 === 1 && piece in parts ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never reorder.
      <Fragment key={index}>{parts[piece]}</Fragment>
    ) : (
      piece
    ),
  );
}
