/**
 * The number of products a choice would give, beside its name ("Men 41"). Read out as part of the name, after a
 * comma, so a screen reader says "Men, 41 products".
 */
export function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="count">
      <span className="visually-hidden">, </span>
      {value.toLocaleString('en-US')}
      <span className="visually-hidden"> products</span>
    </span>
  );
}
