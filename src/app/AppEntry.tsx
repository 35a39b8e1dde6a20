import { Navigate } from 'react-router-dom';
import { startScreen } from './last-screen';

/** /app, the installed app's start_url: the cashier's screen when signed in, the landing otherwise. */
export default function AppEntry() {
  return <Navigate to={startScreen()} replace />;
}
