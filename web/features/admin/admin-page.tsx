import { useEffect } from 'react';
import { Link } from 'react-router';
import '../auth/auth.css';

/** Nobody can sign in until accounts open, so every visitor gets the dashboard's unauthenticated state. */
export default function AdminPage() {
  useEffect(() => {
    document.title = 'Admin Dashboard · Finder';
  }, []);
  return (
    <section className="auth-card" aria-labelledby="admin-title">
      <h1 id="admin-title">Authentication Required</h1>
      <p>Please log in to access the admin dashboard.</p>
      <Link to="/login" className="button button-primary">
        Go to Login
      </Link>
    </section>
  );
}
