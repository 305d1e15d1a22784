/**
 * The messages of a refused form, read out at once and tied to its fields by id. The alert role
 * sits on a wrapper: on the list itself it would take away the list semantics of its items.
 */
export function ErrorList({ id, problems }: { id: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div id={id} role="alert">
      <ul className="form__errors">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
