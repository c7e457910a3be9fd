import type { Environment } from '@outpost/contracts/environments';
import { USER_SEARCH_LIMITS } from '@outpost/contracts/user-search';
import { type FormEvent, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormField } from '../../../../components/form/form-field';
import { useUserSearch } from '../../api/search-users';
import adminStyles from '../../components/admin-screen.module.css';
import type { ChosenPlayer } from '../reward-form';
import styles from '../rewards.module.css';

interface PlayerSearchProps {
  environment: Environment;
  /** The user IDs already among the recipients: their hits say so instead of offering Add. */
  chosen: ReadonlySet<string>;
  onChoose: (player: ChosenPlayer) => void;
}

/** Finds players by display name or email (user-search) and adds them to the reward's recipients. */
export function PlayerSearch({ environment, chosen, onChoose }: PlayerSearchProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { result, tooShortMessage, searching, failure } = useUserSearch(environment, query);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  let status = tooShortMessage ?? '';
  if (searching) status = 'Searching…';
  else if (result) {
    const { hits, more } = result;
    status = `${hits.length === 0 ? 'No player' : hits.length === 1 ? '1 player' : `${hits.length} players`} found${more ? '; type more of the name to narrow the search' : ''}.`;
  }

  return (
    <section aria-labelledby="player-search-title" className={styles.search}>
      <h2 id="player-search-title">Find players</h2>
      <form className={styles.searchForm} onSubmit={submit} aria-label="Find players">
        <FormField
          label="Display name or email"
          type="search"
          hint={`At least ${USER_SEARCH_LIMITS.queryMinLength} characters.`}
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          error={failure?.message}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={listStyles.plainButton}>
          Search
        </button>
      </form>
      <p role="status" className={adminStyles.note}>
        {status}
      </p>
      {result && result.hits.length > 0 && (
        <ul className={styles.hits} aria-label="Players found">
          {result.hits.map(({ profile, credits, keys }) => {
            const name = profile.displayName ?? profile.email;
            return (
              <li key={profile.userID}>
                <span>
                  <strong>{name}</strong> {profile.email} · {credits.toLocaleString('en-US')} credits
                  {keys.length > 0 && ` · ${keys.join(', ')}`}
                </span>
                {chosen.has(profile.userID) ? (
                  <span className={styles.added}>Added</span>
                ) : (
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Add ${name}`}
                    onClick={() => onChoose(profile)}
                  >
                    Add
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
