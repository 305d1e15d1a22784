/** The messages of a refused form, read out at once (role=alert) and tied to its fields by id. */
export function ErrorList({ id, problems }: { id: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} role="alert" className="form__errors">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
