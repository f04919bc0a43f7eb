import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="page narrow">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
