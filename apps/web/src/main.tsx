import './index.css';
import { holdClicksUntilHydrated, whenIdleOrInteracted } from './lib/hydration-trigger';

// A server-rendered page is already drawn: the app (React and the rest) loads when the browser is
// idle or at the first interaction, then hydrates it. Other pages start the app at once.
const root = document.getElementById('root')!;
const start = () => import('./boot').then((m) => m.boot(root));
if (root.dataset.ssr === undefined) void start();
else {
  const release = holdClicksUntilHydrated(root);
  whenIdleOrInteracted(() => void start().then(release));
}
