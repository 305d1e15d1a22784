import { Link } from 'wouter';
import { messages } from '../messages.ts';
import { routes } from '../routes.ts';

export function NotFoundPage() {
  return (
    <section className="page status" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{messages.notFound.title}</h1>
      <p>{messages.notFound.body}</p>
      <Link className="button" href={routes.home.href()}>
        {messages.notFound.home}
      </Link>
    </section>
  );
}
