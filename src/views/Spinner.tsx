/** The spinner that replaces a submit button while its request runs (SPEC 4); its label is read out. */
export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A form's submit button, replaced by the spinner while the form is submitting. */
export function SubmitOrSpinner({
  submitting,
  label,
  submittingLabel,
}: {
  submitting: boolean;
  label: string;
  submittingLabel: string;
}) {
  return submitting ? (
    <Spinner label={submittingLabel} />
  ) : (
    <button type="submit" className="button">
      {label}
    </button>
  );
}
