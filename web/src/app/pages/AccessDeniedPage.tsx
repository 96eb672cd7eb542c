import { Link } from 'react-router-dom';
import './statusPage.css';

export default function AccessDeniedPage() {
  return (
    <main className="page page-message status-page">
      <h1>Access Denied</h1>
      <p>You must be logged in to view this page.</p>
      <Link to="/login" className="btn btn--primary">
        Go to Login
      </Link>
    </main>
  );
}
