/** Ingredient text with allergens emphasised (LMIV art. 21); the data marks them as _word_. */
export function Ingredients({ text }: { text: string }) {
  const parts = text.split(/_([^_]+)_/g);
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text; their position is their identity
  return <p className="ingredients">{parts.map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part))}</p>;
}
