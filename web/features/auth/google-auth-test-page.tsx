import { AccountsPending } from './accounts-pending';

export default function GoogleAuthTestPage() {
  return <AccountsPending title="Google Sign-In Test" />;
}
