import type { Environment } from '@outpost/contracts/environments';
import {
  type CreatedIngestKey,
  createIngestKeyInputSchema,
  INGEST_KEY_NAME_MAX_LENGTH,
  type IngestKey,
} from '@outpost/contracts/game-data';
import { type FormEvent, useState } from 'react';
import { cellProps, DataTable } from '../../../components/admin-list/data-table';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../admin-access-context';
import { AdminScreen } from '../components/admin-screen';
import adminStyles from '../components/admin-screen.module.css';
import { useConfirmDialog } from '../components/confirm-dialog';
import { CopyButton } from '../components/copy-button';
import { checkWith } from '../components/form-check';
import { LoadState } from '../components/load-state';
import { formatInstant } from '../components/local-time';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { serverRefusal } from '../components/server-refusal';
import { useCreateIngestKey, useIngestKeys, useRevokeIngestKey } from './api';
import styles from './live.module.css';

/** The new key, shown once: the store keeps only its digest. */
function NewKey({ created }: { created: CreatedIngestKey }) {
  return (
    <div role="alert" className={styles.secret}>
      <p>
        The key “{created.key.name}” is made. Copy it now into the game server’s configuration: it is not shown again.
      </p>
      <label htmlFor="ingest-key-secret">Key</label>
      {/* A text area, not an input: the whole key wraps into view on any width instead of scrolling inside the box. */}
      <textarea
        id="ingest-key-secret"
        className={styles.secretText}
        readOnly
        rows={2}
        value={created.secret}
        onFocus={(event) => event.target.select()}
      />
      <CopyButton text={created.secret} what="key" />
      <p className={adminStyles.note}>
        The game sends it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
    </div>
  );
}

function CreateKeyForm({
  environment,
  onCreated,
}: {
  environment: Environment;
  onCreated: (key: CreatedIngestKey) => void;
}) {
  const [name, setName] = useState('');
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const create = useCreateIngestKey(environment);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    // The server's own check, so an empty name is marked before anything is sent: at its field alone, once.
    const checked = checkWith(createIngestKeyInputSchema, { name }, { markFields: true });
    if (!checked.ok) return checked.fields ? refuseAtFields(checked.fields) : refuse(checked.message);
    report(null);
    create.mutate(
      { name },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (error) => refuse(...serverRefusal(error, (text) => `The key was not made. ${text}`)),
      },
    );
  };
  return (
    <form ref={formRef} onSubmit={submit} aria-labelledby="ingest-key-new" noValidate>
      <h2 id="ingest-key-new">New key</h2>
      <FormField
        label="Name"
        hint={`Which game server uses it, e.g. “EU shard 2” (at most ${INGEST_KEY_NAME_MAX_LENGTH} characters).`}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
        maxLength={INGEST_KEY_NAME_MAX_LENGTH}
        required
      />
      <FormAlert notice={notice} ref={alertRef} />
      <button type="submit" className="button" aria-disabled={create.isPending}>
        Make a key
      </button>
    </form>
  );
}

function KeyTable({ keys, environment }: { keys: readonly IngestKey[]; environment: Environment }) {
  const revoke = useRevokeIngestKey(environment);
  const { confirm, dialog } = useConfirmDialog();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  if (keys.length === 0) return <p className={adminStyles.note}>No keys made in {environment} yet.</p>;
  const revokeKey = async (key: IngestKey) => {
    const confirmed = await confirm({
      title: `Revoke “${key.name}”?`,
      message: (
        <p>
          Game servers sending this key to {environment} are refused from now on. A revoked key cannot be used again.
        </p>
      ),
      confirmLabel: 'Revoke the key',
    });
    if (!confirmed) return;
    revoke.mutate(key.keyID, {
      onSuccess: () => setNotice({ tone: 'ok', text: `The key “${key.name}” is revoked.` }),
      onError: (error) => setNotice({ tone: 'error', text: `The key was not revoked. ${error.message}` }),
    });
  };
  return (
    <>
      <FormAlert notice={notice} />
      <DataTable label="Service keys" hideCaption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" {...cellProps({ priority: 2 })}>
              Starts with
            </th>
            <th scope="col" {...cellProps({ priority: 2 })}>
              Made
            </th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.keyID}>
              <th scope="row">{key.name}</th>
              <td {...cellProps({ label: 'Starts with', priority: 2 })}>
                <span className={styles.mono}>{key.prefix}…</span>
              </td>
              <td {...cellProps({ label: 'Made', priority: 2, nowrap: true })}>
                <time dateTime={key.createdAt}>{formatInstant(key.createdAt)}</time>
              </td>
              <td {...cellProps({ label: 'Last used', nowrap: true })}>
                {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatInstant(key.lastUsedAt)}</time> : 'Never'}
              </td>
              <td {...cellProps({ label: 'State' })}>
                {key.revokedAt ? (
                  <>
                    Revoked <time dateTime={key.revokedAt}>{formatInstant(key.revokedAt)}</time>
                  </>
                ) : (
                  <button type="button" className="button" onClick={() => void revokeKey(key)}>
                    Revoke<span className="visually-hidden"> {key.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {dialog}
    </>
  );
}

/**
 * /admin/ingest-keys: the keys the game's servers report to this environment with. Admins make one (its secret shown
 * once), see when each was last used, and revoke it; INGEST_<ENV>_KEY from the server's configuration works beside them
 * and is not listed.
 */
export default function IngestKeys() {
  const { environment, capabilities } = useAdminAccessContext();
  const [created, setCreated] = useState<CreatedIngestKey | null>(null);
  const lead = `The keys game servers send to report game data to ${environment}.`;
  if (!capabilities.manageIngestKeys) {
    return (
      <AdminScreen id="ingest-keys-title" title="Game server keys" lead={lead}>
        <ReadOnlyNotice>Game server keys are managed by admins; your role cannot see them.</ReadOnlyNotice>
      </AdminScreen>
    );
  }
  return (
    <AdminScreen id="ingest-keys-title" title="Game server keys" lead={lead}>
      {created && <NewKey created={created} />}
      <CreateKeyForm environment={environment} onCreated={setCreated} />
      <h2>Keys</h2>
      <LiveUpdates topics={['ingest-keys']} environment={environment} />
      <KeyList environment={environment} />
    </AdminScreen>
  );
}

function KeyList({ environment }: { environment: Environment }) {
  const keys = useIngestKeys(environment);
  return (
    <LoadState query={keys} what="keys" missing={`There are no keys in ${environment}.`}>
      {(loaded) => <KeyTable keys={loaded} environment={environment} />}
    </LoadState>
  );
}
