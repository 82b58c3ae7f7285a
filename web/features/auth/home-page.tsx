import { Navigate } from 'react-router';

/** The landing page after sign-in; nobody is signed in until accounts open, so it leads to the login screen. */
export default function HomePage() {
  return <Navigate to="/login" replace />;
}
