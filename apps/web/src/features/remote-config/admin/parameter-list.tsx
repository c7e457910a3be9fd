import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigParameter, RemoteConfigState } from '@outpost/contracts/remote-config/schemas';
import { CellValue, cellProps, DataTable } from '../../../components/admin-list/data-table';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { EditRowButton } from '../../admin/components/inline-editor';
import { standingOf } from '../diff-words';
import { shortValue, TYPE_LABELS } from '../template-edit';
import { DraftSection } from './draft-section';
import { ParameterForm } from './parameter-form';
import styles from './remote-config.module.css';

const valuesText = (parameter: RemoteConfigParameter) => {
  const count = parameter.conditionalValues.length;
  return count === 0 ? 'None' : `${count} ${count === 1 ? 'condition' : 'conditions'}`;
};

/** The draft's parameters: what the game reads, each with its default and how many conditions change it. */
export function ParameterList({
  environment,
  state,
  canEdit,
}: {
  environment: Environment;
  state: RemoteConfigState;
  canEdit: boolean;
}) {
  const { parameters } = state.draft;
  const removed = state.unpublished.parameters.removed;
  return (
    <DraftSection<RemoteConfigParameter>
      environment={environment}
      id="remote-config-parameters"
      title="Parameters"
      lead="The values the game reads, as the draft has them; players get them once the draft is published."
      canEdit={canEdit}
      newLabel="New parameter"
      editLabel={(parameter) => `Edit parameter ${parameter.key}`}
      form={(props) => <ParameterForm {...props} state={state} />}
    >
      {({ edit }) => (
        <>
          {parameters.length === 0 ? (
            <p className={adminStyles.note}>The draft has no parameters yet.</p>
          ) : (
            <DataTable label="Parameters of the draft" hideCaption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Type</th>
                  <th scope="col">Default value</th>
                  <th scope="col" {...cellProps({ priority: 2 })}>
                    Values under conditions
                  </th>
                  <th scope="col" {...cellProps({ priority: 3 })}>
                    Description
                  </th>
                  <th scope="col">Against published</th>
                  {canEdit && (
                    <th scope="col">
                      <span className="visually-hidden">Change</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {parameters.map((parameter) => (
                  <tr key={parameter.key}>
                    <th scope="row" className={styles.mono}>
                      {parameter.key}
                    </th>
                    <td {...cellProps({ label: 'Type', nowrap: true })}>{TYPE_LABELS[parameter.type]}</td>
                    <td {...cellProps({ label: 'Default value' })}>
                      <CellValue>
                        <code className={styles.mono}>{shortValue(parameter.defaultValue)}</code>
                      </CellValue>
                    </td>
                    <td {...cellProps({ label: 'Values under conditions', priority: 2, nowrap: true })}>
                      {valuesText(parameter)}
                    </td>
                    <td {...cellProps({ label: 'Description', priority: 3 })}>
                      <CellValue>{parameter.description ?? ''}</CellValue>
                    </td>
                    <td {...cellProps({ label: 'Against published', nowrap: true })}>
                      {standingOf(state.unpublished.parameters, parameter.key)}
                    </td>
                    {canEdit && (
                      <td {...cellProps({})}>
                        <EditRowButton label={`Edit parameter ${parameter.key}`} onClick={() => edit(parameter)} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {removed.length > 0 && (
            <p className={adminStyles.note}>
              Deleted in the draft, still published until the next publish: {removed.join(', ')}.
            </p>
          )}
        </>
      )}
    </DraftSection>
  );
}
