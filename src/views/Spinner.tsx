/** The spinner that replaces a submit button while its request runs (SPEC 4); its label is read out. */
export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
