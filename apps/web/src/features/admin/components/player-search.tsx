import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { USER_SEARCH_LIMITS } from '@outpost/contracts/user-search';
import { type KeyboardEvent, useId, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormField } from '../../../components/form/form-field';
import { useUserSearch } from '../api/search-users';
import adminStyles from './admin-screen.module.css';
import type { ChosenPlayer } from './chosen-players';
import styles from './player-search.module.css';

interface PlayerSearchProps {
  environment: Environment;
  /** The user IDs already chosen: their hits say so instead of offering the choice. */
  chosen: ReadonlySet<string>;
  onChoose: (player: ChosenPlayer) => void;
  /** The finder's heading and its search landmark's name. */
  title?: string;
  /** The level of that heading in the page it sits in. */
  headingLevel?: 'h2' | 'h3';
  /** The button that picks a hit ("Add"), and what a picked hit says instead ("Added"). */
  chooseLabel?: string;
  chosenLabel?: string;
}

const nameOf = (player: ChosenPlayer) => personName(player);

/**
 * Finds players by display name or email (user-search) for an admin to pick, so nobody types a
 * user id. Not a <form> of its own: it sits inside the push composer's form, so Enter in its
 * field searches instead of submitting the form around it.
 */
export function PlayerSearch({
  environment,
  chosen,
  onChoose,
  title = 'Find players',
  headingLevel: Heading = 'h2',
  chooseLabel = 'Add',
  chosenLabel = 'Added',
}: PlayerSearchProps) {
  const headingID = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { result, tooShortMessage, searching, failure } = useUserSearch(environment, query);
  const search = () => setQuery(text.trim());
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  let status = tooShortMessage ?? '';
  if (searching) status = 'Searching…';
  else if (result) {
    const { hits, more } = result;
    status = `${hits.length === 0 ? 'No player' : hits.length === 1 ? '1 player' : `${hits.length} players`} found${more ? '; type more of the name to narrow the search' : ''}.`;
  }

  return (
    <section aria-labelledby={headingID} className={styles.search}>
      <Heading id={headingID}>{title}</Heading>
      <search className={styles.searchForm} aria-label={title}>
        <FormField
          label="Display name or email"
          type="search"
          hint={`At least ${USER_SEARCH_LIMITS.queryMinLength} characters; Enter searches.`}
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          error={failure?.message}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={searchOnEnter}
        />
        <button type="button" className={listStyles.plainButton} onClick={search}>
          Search
        </button>
      </search>
      <p role="status" className={adminStyles.note}>
        {status}
      </p>
      {result && result.hits.length > 0 && (
        <ul className={styles.players} aria-label="Players found">
          {result.hits.map(({ profile, credits, keys }) => (
            <li key={profile.userID}>
              <span>
                <strong>{nameOf(profile)}</strong> {profile.email} · {credits.toLocaleString('en-US')} credits
                {keys.length > 0 && ` · ${keys.join(', ')}`}
              </span>
              {chosen.has(profile.userID) ? (
                <span className={styles.added}>{chosenLabel}</span>
              ) : (
                <button
                  type="button"
                  className={listStyles.plainButton}
                  aria-label={`${chooseLabel} ${nameOf(profile)}`}
                  onClick={() => onChoose(profile)}
                >
                  {chooseLabel}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ChosenPlayerListProps {
  players: readonly ChosenPlayer[];
  onRemove: (player: ChosenPlayer) => void;
}

/** The players picked with PlayerSearch, each with its Remove button. */
export function ChosenPlayerList({ players, onRemove }: ChosenPlayerListProps) {
  return (
    <ul className={styles.players} aria-label="Players picked">
      {players.map((player) => (
        <li key={player.userID}>
          <span>
            <strong>{nameOf(player)}</strong> {player.email}
          </span>
          <button
            type="button"
            className={listStyles.plainButton}
            aria-label={`Remove ${nameOf(player)}`}
            onClick={() => onRemove(player)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
