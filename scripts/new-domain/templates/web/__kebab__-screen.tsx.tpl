import { __CONST___QUERY_KEYS, __CONST___TOPIC } from '@outpost/contracts/__kebab__/contract';
import { useQuery } from '@tanstack/react-query';
import { LiveStatus } from '../../components/live-status/live-status';
import { useLive } from '../../lib/live';
import { QueryProvider } from '../../lib/query-client';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { get__Pascal__ } from './api';

const TITLE = pageTitle('__Words__');

/** __Words__: the running entries, highest score first, kept current live. */
export default function __Pascal__Screen() {
  return (
    <QueryProvider>
      <Entries />
    </QueryProvider>
  );
}

function Entries() {
  usePageTitle(TITLE);
  const live = useLive([__CONST___TOPIC]);
  const query = useQuery({ queryKey: __CONST___QUERY_KEYS.screen, queryFn: get__Pascal__ });
  return (
    <section className="page" aria-labelledby="__kebab__-title">
      <h1 id="__kebab__-title">__Words__</h1>
      <LiveStatus state={live} />
      {query.isPending && <p role="status">Loading the entries…</p>}
      {query.isError && <p role="alert">The entries could not be loaded: {query.error.message}</p>}
      {query.data &&
        (query.data.entries.length === 0 ? (
          <p>Nothing here yet.</p>
        ) : (
          <ol aria-label="__Words__">
            {query.data.entries.map((entry) => (
              <li key={entry.entryID}>
                {entry.name}: {entry.score.toLocaleString('en-US')}
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
