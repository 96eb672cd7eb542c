import { Link } from 'react-router-dom';
import './statusPage.css';

export default function NotFoundPage() {
  return (
    <main className="page page-message status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! The page you’re looking for doesn’t exist.</h1>
      <Link to="/mytrips" className="btn btn--primary">
        My Trips
      </Link>
    </main>
  );
}
