import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigCondition, RemoteConfigState } from '@outpost/contracts/remote-config/schemas';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { cellProps, DataTable } from '../../../components/admin-list/data-table';
import type { FormNotice } from '../../../components/form/form-alert';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { EditRowButton } from '../../admin/components/inline-editor';
import { moveItem } from '../../admin/components/move-item';
import { useSegmentName } from '../../segments/segment-select';
import { useSaveDraft } from '../api';
import { standingOf } from '../diff-words';
import { platformsText, playersText, versionRangeText } from '../template-edit';
import { ConditionForm } from './condition-form';
import { DraftSection } from './draft-section';
import styles from './remote-config.module.css';

const moveLabel = (name: string, step: -1 | 1) => `Move condition ${name} ${step === -1 ? 'up' : 'down'}`;

/**
 * The draft's conditions in priority order: a player under several gets a parameter's value of the
 * first. Moving one saves the draft at once, as any other change of it.
 */
export function ConditionList({
  environment,
  state,
  canEdit,
}: {
  environment: Environment;
  state: RemoteConfigState;
  canEdit: boolean;
}) {
  const { conditions } = state.draft;
  const segmentName = useSegmentName(environment);
  const save = useSaveDraft(environment);

  const move = (index: number, step: -1 | 1, say: (notice: FormNotice) => void) => {
    const condition = conditions[index];
    if (!condition || save.isPending) return;
    save.mutate(
      { template: { ...state.draft, conditions: moveItem(conditions, index, step) }, revision: state.draftRevision },
      {
        onSuccess: () => {
          say({ tone: 'ok', text: `Moved the condition “${condition.name}” to priority ${index + step + 1}.` });
          // The row moved: the button pressed keeps the focus, or its twin once it reached an end.
          requestAnimationFrame(() => {
            const again = [moveLabel(condition.name, step), moveLabel(condition.name, step === -1 ? 1 : -1)]
              .map((label) => document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`))
              .find((button) => button && !button.disabled);
            again?.focus();
          });
        },
        onError: (error) => say({ tone: 'error', text: `The condition was not moved. ${error.message}` }),
      },
    );
  };

  return (
    <DraftSection<RemoteConfigCondition>
      environment={environment}
      id="remote-config-conditions"
      title="Conditions"
      lead="Who gets a parameter’s other values, in priority order: a player under several gets the first one’s."
      canEdit={canEdit}
      newLabel="New condition"
      editLabel={(condition) => `Edit condition ${condition.name}`}
      form={(props) => <ConditionForm {...props} state={state} />}
    >
      {({ edit, say }) =>
        conditions.length === 0 ? (
          <p className={adminStyles.note}>The draft has no conditions: every player gets each parameter’s default.</p>
        ) : (
          <DataTable label="Conditions of the draft, in priority order" hideCaption>
            <thead>
              <tr>
                <th scope="col">Priority</th>
                <th scope="col">Name</th>
                <th scope="col">Platforms</th>
                <th scope="col">App version</th>
                <th scope="col">Players</th>
                <th scope="col" {...cellProps({ priority: 2 })}>
                  Against published
                </th>
                {canEdit && (
                  <th scope="col">
                    <span className="visually-hidden">Change</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {conditions.map((condition, index) => (
                <tr key={condition.name}>
                  <td {...cellProps({ label: 'Priority', nowrap: true })}>{index + 1}</td>
                  <th scope="row">{condition.name}</th>
                  <td {...cellProps({ label: 'Platforms' })}>{platformsText(condition)}</td>
                  <td {...cellProps({ label: 'App version', nowrap: true })}>{versionRangeText(condition)}</td>
                  <td {...cellProps({ label: 'Players' })}>{playersText(condition, segmentName)}</td>
                  <td {...cellProps({ label: 'Against published', priority: 2, nowrap: true })}>
                    {standingOf(state.unpublished.conditions, condition.name)}
                  </td>
                  {canEdit && (
                    <td {...cellProps({})}>
                      <div className={styles.actions}>
                        {([-1, 1] as const).map((step) => (
                          <button
                            key={step}
                            type="button"
                            className={listStyles.plainButton}
                            aria-label={moveLabel(condition.name, step)}
                            disabled={index + step < 0 || index + step >= conditions.length || save.isPending}
                            onClick={() => move(index, step, say)}
                          >
                            {step === -1 ? 'Up' : 'Down'}
                          </button>
                        ))}
                        <EditRowButton label={`Edit condition ${condition.name}`} onClick={() => edit(condition)} />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </DataTable>
        )
      }
    </DraftSection>
  );
}
