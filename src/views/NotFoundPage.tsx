import { Link } from 'wouter';
import { notFoundMessages } from '../messages/notFound.ts';
import { routes } from '../routes.ts';

export function NotFoundPage() {
  return (
    <section className="page status" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{notFoundMessages.title}</h1>
      <p>{notFoundMessages.body}</p>
      <Link className="button" href={routes.home.href()}>
        {notFoundMessages.home}
      </Link>
    </section>
  );
}
